import { mapsNl } from '../../shared/i18n/maps';
import type { MapDetail } from '../../shared/maps';

const t = mapsNl.screen;

/** The server's drawing of a map (paths only: no geo library in the browser) and its area list. */
export function MapPreview({ map }: { map: MapDetail }) {
  const { drawing } = map;
  return (
    <section className="flex flex-col gap-2" aria-labelledby="map-preview-title" data-testid="map-preview">
      <h3 id="map-preview-title" className="font-semibold">{t.preview(map.name)}</h3>
      <svg viewBox={`0 0 ${drawing.width} ${drawing.height}`} className="h-auto w-full max-w-2xl" role="img" aria-label={t.preview(map.name)}>
        {drawing.areas.map((a, i) => (
          <path key={a.code} d={a.d} fill={i % 2 ? '#cfe3d8' : '#9fc9b1'} stroke="#ffffff" strokeWidth={1}>
            <title>{`${a.name} (${a.code})`}</title>
          </path>
        ))}
        {drawing.areas.filter((a) => a.fits).map((a) => (
          <text key={a.code} x={a.x} y={a.y} textAnchor="middle" dominantBaseline="middle" fontSize={11} fill="#1f2937" aria-hidden="true">
            {a.code}
          </text>
        ))}
      </svg>
      <details className="text-sm">
        <summary className="cursor-pointer">{t.areaList(map.area_list.length)}</summary>
        <table className="mt-2 text-left">
          <thead>
            <tr>
              <th scope="col" className="pr-4">{t.code}</th>
              <th scope="col">{t.name}</th>
            </tr>
          </thead>
          <tbody>
            {map.area_list.map((a) => (
              <tr key={a.code}>
                <td className="pr-4">{a.code}</td>
                <td>{a.name}</td>
              </tr>
            ))}
          </tbody>
        </table>
      </details>
    </section>
  );
}
