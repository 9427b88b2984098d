// The date-time format is the contract's, so the API's messages name times as the screens do.
export { formatInstant as formatTime } from '@fairdraw/contract';

// The one display formatter of money is the contract's, so the API's messages write amounts as the screens do.
export { formatMoney as formatAmount } from '@fairdraw/contract';
