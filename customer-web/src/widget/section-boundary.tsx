import { Component, type ErrorInfo, type ReactNode } from 'react';

/** SPEC §8 UI boundaries ('Autocomplete/suggestions failed', 'Instant results failed'): one part fails, the rest keeps working. */
export class SectionBoundary extends Component<{ fallback: string; children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };
  static getDerivedStateFromError() {
    return { failed: true };
  }
  override componentDidCatch(error: Error, info: ErrorInfo) {
    console.warn(this.props.fallback, error, info.componentStack);
  }
  override render() {
    if (this.state.failed) return <p className="widget-section-failed">{this.props.fallback}</p>;
    return this.props.children;
  }
}
