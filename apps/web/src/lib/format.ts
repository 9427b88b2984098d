// The date and time formats are the contract's, so the API's messages name times as the screens do: one helper per
// kind, each with one pattern per language (the business time zone named once, at the end).
export {
  formatInstant as formatDateTime,
  formatDate,
  formatBusinessDay as formatDay,
  formatTimeOfDay as formatTime,
} from '@fairdraw/contract';

// The one display formatter of money is the contract's, so the API's messages write amounts as the screens do.
export { formatMoney as formatAmount } from '@fairdraw/contract';
