import { type ReactNode, useEffect, useRef } from 'react';
import { holdsUnsavedWords } from './unsaved-words';

/**
 * The root of each section's island. Each section is a page of its own, so going to another one
 * leaves this page: while a field here holds words not yet saved, the browser asks first.
 */
export default function SettingsPanel({ children }: { children: ReactNode }) {
  const root = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const askFirst = (event: BeforeUnloadEvent): void => {
      if (root.current && holdsUnsavedWords(root.current)) event.preventDefault();
    };
    window.addEventListener('beforeunload', askFirst);
    return () => window.removeEventListener('beforeunload', askFirst);
  }, []);
  return (
    <div ref={root} className="settings-panel">
      {children}
    </div>
  );
}
