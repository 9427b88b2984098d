/** So many tabs share the row at 320 px and up, each at least 70 px wide. */
const FIT_AT_MOST = 4;

/**
 * A row of segmented tabs (ARIA tabs); each has a test id. Up to four share the row's width, a long label taking
 * two lines, so none is ever hidden off screen; more scroll sideways unless `wrap`.
 */
export function Tabs<K extends string>({
  items,
  value,
  onChange,
  label,
  wrap = false,
}: {
  items: readonly { key: K; label: string; testId?: string }[];
  value: K;
  onChange: (key: K) => void;
  label: string;
  /** Many tabs: wrap onto a second row instead of scrolling sideways. */
  wrap?: boolean;
}) {
  return (
    <div
      className={wrap ? 'tabs tabs--wrap' : items.length <= FIT_AT_MOST ? 'tabs tabs--fit' : 'tabs'}
      role="tablist"
      aria-label={label}
    >
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="tab"
          aria-selected={item.key === value}
          className="tabs__tab"
          data-testid={item.testId}
          onClick={() => onChange(item.key)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}
