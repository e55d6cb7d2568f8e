// Loads Google Identity Services (the "Sign in with Google" button) on demand, only on the page
// that shows it. astro.config.mjs lets this one script, its frame and its calls through the CSP.

const GIS_SRC = 'https://accounts.google.com/gsi/client';

export interface GoogleIdentityServices {
  accounts: {
    id: {
      initialize(options: {
        client_id: string;
        callback: (response: { credential: string }) => void;
        /** Popup flow failures: popup_failed_to_open, popup_closed, unknown. */
        error_callback?: (error: { type: string }) => void;
      }): void;
      renderButton(
        parent: HTMLElement,
        options: { type: 'standard'; theme: 'outline'; size: 'large'; text: 'continue_with'; width: number },
      ): void;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleIdentityServices;
  }
}

let loading: Promise<GoogleIdentityServices> | null = null;

export function loadGoogleIdentityServices(): Promise<GoogleIdentityServices> {
  loading ??= new Promise<GoogleIdentityServices>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = GIS_SRC;
    script.async = true;
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error('Google Identity Services did not start')));
    script.onerror = () => {
      loading = null; // a later visit may try again
      reject(new Error('Google Identity Services could not load'));
    };
    document.head.append(script);
  });
  return loading;
}
