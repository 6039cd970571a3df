/** Request paths the form shows next to a field ('giftCards.0.pin' on the gift card); anything else goes in the form-level alert. */
export function fieldKey(path: string): string {
  if (path.startsWith('giftCards')) return 'giftCards';
  if (path === 'payment.method') return 'payment';
  return path;
}
