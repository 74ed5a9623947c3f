import { useMemo } from 'react';
import { toSVG } from 'bwip-js/browser';

/** bwip-js draws each module `SCALE` SVG units wide: the drawing's width over `SCALE` is the code's width in modules. */
const SCALE = 2;

export interface Gs1BarcodeProps {
  text: string;
  /** Shown instead of the code when the data cannot be encoded. */
  errorText: (error: string) => string;
  /**
   * The printed width of one module (one thin bar), in mm: the code is then as wide as its length needs, never squeezed
   * into a column (GS1-128 asks at least 0.25 mm; a plain office print scans from 0.3). Without it the stylesheet sizes it.
   */
  moduleMm?: number;
}

/**
 * A GS1-128 barcode drawn as SVG by bwip-js (the maintained port of BWIPP: it checks each AI's format and inserts FNC1).
 */
export function Gs1Barcode({ text, errorText, moduleMm }: Gs1BarcodeProps) {
  const svg = useMemo(() => {
    try {
      const drawn = toSVG({ bcid: 'gs1-128', text, scale: SCALE, height: 14, includetext: true, textxalign: 'center', textsize: 8 });
      const units = parseInt(/viewBox="0 0 (\d+)/.exec(drawn)?.[1] ?? '0', 10);
      return { ok: true as const, svg: drawn, units };
    } catch (err) {
      return { ok: false as const, error: err instanceof Error ? err.message : String(err) };
    }
  }, [text]);
  if (!svg.ok) return <p className="field-error">{errorText(svg.error)}</p>;
  const style = moduleMm && svg.units ? { width: `calc(${svg.units} * ${moduleMm}mm / ${SCALE})`, maxWidth: '100%' } : undefined;
  // bwip-js builds the SVG from the element string only (no user markup can reach it).
  return (
    <div className="gr-barcode" style={style} data-testid="label-barcode" data-gs1={text} dangerouslySetInnerHTML={{ __html: svg.svg }} />
  );
}
