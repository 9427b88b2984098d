import type { CSSProperties } from 'react';

/** A grey placeholder block of the size of the content to come, so nothing jumps when it arrives. */
export function Skeleton({ className = '', style }: { className?: string; style?: CSSProperties }) {
  return <span className={`skeleton ${className}`} style={style} aria-hidden="true" />;
}
