import { zknNl } from '../../shared/i18n/zkn';
import { url } from '../../shared/urls';

const t = zknNl.format;

/**
 * The file format of a Zorgkaart upload, explained on the form itself: the columns with what
 * each holds, the separators, and a sample file to download (public/voorbeelden/).
 */
export function FileFormat({ kind }: { kind: 'ratings' | 'providers' }) {
  const f = t[kind];
  return (
    <div className="mb-3 flex flex-col gap-2 text-sm text-gray-700" data-testid={`zkn-format-${kind}`}>
      <p>{t.intro}</p>
      <dl className="grid grid-cols-1 gap-y-1 sm:grid-cols-[auto_minmax(0,1fr)] sm:gap-x-3">
        {f.columns.map(([name, text]) => (
          <div key={name} className="contents">
            <dt className="font-mono text-gray-900 break-words">{name}</dt>
            <dd className="m-0">{text}</dd>
          </div>
        ))}
      </dl>
      <p>{f.check}</p>
      <p>
        <a className="text-brand underline" href={url(f.sample)} download>{f.sampleText}</a>
      </p>
    </div>
  );
}
