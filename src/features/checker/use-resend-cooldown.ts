import { useEffect, useState } from 'react';

/** One verification mail per link and address at a time: the key the server's cool-down is counted by. */
export const resendKey = (link: string, email: string) => `${link.trim()} ${email.trim().toLowerCase()}`;

/**
 * When each link + address may be sent a verification mail again, as the server said (after a send, or in a refusal),
 * and the seconds left for one of them, ticking once a second while any wait runs.
 */
export function useResendCooldown() {
  const [until, setUntil] = useState<Record<string, number>>({});
  const [now, setNow] = useState(() => Date.now());
  const running = Object.values(until).some((time) => time > now);

  useEffect(() => {
    if (!running) return;
    const timer = setInterval(() => setNow(Date.now()), 1000);
    return () => clearInterval(timer);
  }, [running]);

  return {
    start(key: string, seconds: number) {
      const started = Date.now();
      setNow(started);
      setUntil((current) => ({ ...current, [key]: started + seconds * 1000 }));
    },
    secondsLeft: (key: string) => Math.max(0, Math.ceil(((until[key] ?? 0) - now) / 1000)),
  };
}
