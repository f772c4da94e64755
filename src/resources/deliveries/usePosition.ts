import { useEffect, useState } from 'react';

export type Position = { status: 'asking' | 'none'; coords: null } | { status: 'known'; coords: { lat: number; lng: number } };

/**
 * Where the phone is, asked once when the screen opens: the proof keeps it when the phone tells it.
 * It may be refused, unknown indoors or slow; the proof goes without it then.
 */
export function usePosition(): Position {
  const geolocation = typeof navigator !== 'undefined' ? navigator.geolocation : undefined;
  const [position, setPosition] = useState<Position>(() => ({ status: geolocation ? 'asking' : 'none', coords: null }));
  useEffect(() => {
    if (!geolocation) return;
    let live = true;
    geolocation.getCurrentPosition(
      (found) => live && setPosition({ status: 'known', coords: { lat: found.coords.latitude, lng: found.coords.longitude } }),
      () => live && setPosition({ status: 'none', coords: null }),
      // A fix from the last two minutes is where the goods are; waiting longer than 20 s for a
      // better one would only keep the driver standing there.
      { enableHighAccuracy: true, timeout: 20_000, maximumAge: 120_000 },
    );
    return () => {
      live = false;
    };
  }, [geolocation]);
  return position;
}
