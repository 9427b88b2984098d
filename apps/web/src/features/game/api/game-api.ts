// Kept only for components/bet-slip.tsx; delete this file once that imports ./place-bet.ts.
export { placeBet } from './place-bet.ts';
