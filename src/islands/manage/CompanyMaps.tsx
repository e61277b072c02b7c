import { useState } from 'react';
import { ApiError, api } from '../../shared/api-client';
import { mapsNl } from '../../shared/i18n/maps';
import type { MapDetail, MapSummary } from '../../shared/maps';
import { MapPreview } from './MapPreview';
import { MapUploadForm } from './MapUploadForm';
import { dangerButtonClass, secondaryButtonClass } from '../report-editor/fields';
import { useHydrated } from '../use-hydrated';
import { confirmAction } from '../shell/confirm';

const t = mapsNl.screen;

interface Props {
  companyId: number;
  initial: MapSummary[];
  /** The company's admins (and root users) upload and delete; others only look. */
  editable: boolean;
}

/** The maps tab: the organisation's maps, an upload with a preview of the result, delete (refused while a chart uses the map). */
export default function CompanyMaps({ companyId, initial, editable }: Props) {
  const hydrated = useHydrated();
  const [maps, setMaps] = useState(initial);
  const [shown, setShown] = useState<MapDetail | null>(null);
  const [busy, setBusy] = useState(false);
  const base = `/api/v2/company/${companyId}/map`;

  async function reload() {
    setMaps((await api<{ data: MapSummary[] }>('GET', base)).data);
  }
  async function show(id: number) {
    if (shown?.id === id) return setShown(null);
    setShown((await api<{ data: MapDetail }>('GET', `${base}/${id}`)).data);
  }
  async function remove(m: MapSummary) {
    if (!(await confirmAction(t.confirmDelete(m.name)))) return;
    setBusy(true);
    try {
      await api('DELETE', `${base}/${m.id}`);
      if (shown?.id === m.id) setShown(null);
      await reload();
    } catch (err) {
      if (!(err instanceof ApiError)) throw err; // the alert says why (409 names the charts)
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-6">
      <p className="max-w-3xl text-sm text-gray-700">{t.intro}</p>
      {maps.length === 0 ? (
        <p className="text-sm">{t.none}</p>
      ) : (
        <ul className="flex max-w-3xl flex-col divide-y divide-gray-200 border-y border-gray-200 text-sm" aria-label={t.title}>
          {maps.map((m) => (
            <li key={m.id} className="flex flex-wrap items-center justify-between gap-2 py-2" data-map-id={m.id}>
              <div className="flex flex-col">
                <strong>{m.name}</strong>
                <span className="text-gray-700">{t.summary(m.areas, m.created_at ? new Date(m.created_at).toLocaleDateString('nl-NL') : null)}</span>
              </div>
              <div className="flex flex-wrap gap-2">
                <button type="button" className={secondaryButtonClass} disabled={!hydrated} aria-expanded={shown?.id === m.id} aria-label={`${shown?.id === m.id ? t.hide : t.show}: ${m.name}`} onClick={() => void show(m.id)}>
                  {shown?.id === m.id ? t.hide : t.show}
                </button>
                {editable && (
                  <button type="button" className={dangerButtonClass} disabled={!hydrated || busy} aria-label={`${t.delete}: ${m.name}`} onClick={() => void remove(m)}>
                    {t.delete}
                  </button>
                )}
              </div>
            </li>
          ))}
        </ul>
      )}
      {shown && <MapPreview map={shown} />}
      {editable && <MapUploadForm
        action={base}
        onUploaded={async (made) => {
          await reload();
          setShown((await api<{ data: MapDetail }>('GET', `${base}/${made.id}`)).data);
        }}
      />}
    </div>
  );
}
