import { cleanup, render } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { MULTIPLE_PROVIDERS_ERROR, NAVIGATE_REQUIRED_ERROR, NOT_CONFIGURED_ERROR, WidgetProvider } from './provider';
import { SearchButton } from './search-button';
import { fakeClient } from './test-utils';

afterEach(() => {
  cleanup();
  vi.restoreAllMocks();
});

const location = { pathname: '/', search: '', state: null };

describe('WidgetProvider', () => {
  it('gives anonymous ids that last: the session id per tab, the device id in local storage', () => {
    sessionStorage.clear();
    localStorage.clear();
    render(
      <WidgetProvider client={fakeClient()} navigate={() => {}} location={location} recommendationsConsent>
        <SearchButton />
      </WidgetProvider>,
    );
    expect(sessionStorage.getItem('depict_session_id')).toMatch(/^[0-9a-f-]{16,}$/);
    expect(localStorage.getItem('depict_dsid')).toMatch(/^[0-9a-f-]{16,}$/);
  });

  it('reports the SPEC §8 configuration errors', () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    expect(() => render(<SearchButton />)).toThrow(NOT_CONFIGURED_ERROR);
    expect(() =>
      render(
        <WidgetProvider client={fakeClient()} location={location} recommendationsConsent>
          <SearchButton />
        </WidgetProvider>,
      ),
    ).toThrow(NAVIGATE_REQUIRED_ERROR);
    expect(() =>
      render(
        <WidgetProvider client={fakeClient()} navigate={() => {}} location={location} recommendationsConsent>
          <WidgetProvider client={fakeClient()} navigate={() => {}} location={location} recommendationsConsent>
            <SearchButton />
          </WidgetProvider>
        </WidgetProvider>,
      ),
    ).toThrow(MULTIPLE_PROVIDERS_ERROR);
  });
});
