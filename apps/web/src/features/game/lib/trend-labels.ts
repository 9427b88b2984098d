import type { TFunction } from 'i18next';
import type { RoadKind, RoadSide } from '@fairdraw/contract';

type T = TFunction;

const FAMILIES = ['pk10', 'ssc', 'k3', 'lucky28', 'marksix'];

/** A trend position or road subject: `pos3` → "Position 3" (car, digit, die or ball by family), sum, total, special. */
export function subjectLabel(family: string, subject: string, t: T): string {
  const pos = /^pos(\d+)$/.exec(subject);
  if (pos) return t(`trend.pos.${FAMILIES.includes(family) ? family : 'other'}`, { n: Number(pos[1]) });
  if (subject === 'sum' || subject === 'total' || subject === 'special') return t(`trend.subject.${subject}`);
  return subject;
}

export const kindLabel = (kind: RoadKind, t: T) => t(`trend.kind.${kind}`);
export const sideLabel = (side: RoadSide, t: T) => t(`trend.side.${side}`);
/** One or two characters for a bead of the road. */
export const sideShort = (side: RoadSide, t: T) => t(`trend.short.${side}`);

/** The colour class of a side: the first side of a road red, the second blue, neither grey. */
export function sideTone(side: RoadSide): 'a' | 'b' | 'n' {
  if (side === 'big' || side === 'odd' || side === 'dragon') return 'a';
  if (side === 'small' || side === 'even' || side === 'tiger') return 'b';
  return 'n';
}
