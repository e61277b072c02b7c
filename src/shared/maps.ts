/**
 * District maps (docs/maps.md): the DTOs the maps API, the company's map screen and the chart
 * renderers share. Geometry never reaches the browser as coordinates: the server draws the paths.
 */

/** [minLon, minLat, maxLon, maxLat] in WGS84 degrees. */
export type Bbox = [number, number, number, number];

/** One map of an organisation, as the list and the upload answer give it. */
export interface MapSummary {
  id: number;
  name: string;
  /** Number of areas. */
  areas: number;
  bbox: Bbox;
  code_property: string;
  name_property: string;
  created_at: string | null;
}

export interface MapArea {
  code: string;
  name: string;
}

/** One area drawn: its SVG path in the drawing's coordinates and where a label fits (null: too small). */
export interface DrawnArea extends MapArea {
  d: string;
  /** Label anchor (the area's centroid) and whether a short value fits inside. */
  x: number;
  y: number;
  fits: boolean;
}

/** A map drawn by the server for a viewBox of `width` × `height`. */
export interface MapDrawing {
  width: number;
  height: number;
  areas: DrawnArea[];
}

export interface MapDetail extends MapSummary {
  area_list: MapArea[];
  /** The server's drawing (preview on the map screen). */
  drawing: MapDrawing;
}
