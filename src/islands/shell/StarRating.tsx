import { useId } from 'react';
import { ratingTexts } from '../../shared/i18n/shell';

const VALUES = [0.5, 1, 1.5, 2, 2.5, 3, 3.5, 4, 4.5, 5];

/** Five stars in half-star steps: ten radio buttons (arrow keys work), drawn as star halves. */
export function StarRating({ value, onChange, error }: { value: number | null; onChange: (v: number) => void; error?: string }) {
  const name = useId();
  return (
    <fieldset className="flex flex-col gap-1">
      <legend className="text-sm font-medium">{ratingTexts.rating}</legend>
      <div className="flex" dir="ltr">
        {VALUES.map((v) => {
          const left = v % 1 !== 0;
          const filled = value !== null && v <= value;
          return (
            <label key={v} className={`relative h-9 w-[18px] cursor-pointer overflow-hidden ${left ? '' : 'me-1'}`} title={ratingTexts.stars(v)}>
              <input type="radio" name={name} value={v} checked={value === v} onChange={() => onChange(v)} className="peer absolute opacity-0 inset-0" aria-label={ratingTexts.stars(v)} />
              <svg viewBox="0 0 24 24" className={`absolute top-0 h-9 w-9 ${left ? 'left-0' : '-left-[18px]'} peer-focus-visible:drop-shadow-[0_0_2px_#1d4f91]`} aria-hidden="true">
                <path d="M12 2.5l2.9 6 6.6.8-4.9 4.6 1.3 6.5L12 17.2l-5.9 3.2 1.3-6.5L2.5 9.3l6.6-.8z" fill={filled ? '#f5a623' : '#fff'} stroke="#8a6d1e" strokeWidth="1.2" />
              </svg>
            </label>
          );
        })}
        <span className="ms-3 self-center text-sm text-gray-700" aria-live="polite">
          {value !== null ? ratingTexts.stars(value) : ''}
        </span>
      </div>
      {error && <p className="text-sm text-red-700">{error}</p>}
    </fieldset>
  );
}
