import { useEffect, useState } from 'react';

/** True once `active` has stayed true for `delayMs`: quick loads never flash a spinner. */
export function useDelayed(active: boolean, delayMs = 200): boolean {
  const [shown, setShown] = useState(false);
  useEffect(() => {
    if (!active) {
      setShown(false);
      return;
    }
    const timer = setTimeout(() => setShown(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return active && shown;
}
