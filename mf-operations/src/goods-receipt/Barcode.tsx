import { useMemo } from 'react';
import { toSVG } from 'bwip-js/browser';

/**
 * A GS1-128 barcode drawn as SVG by bwip-js (the maintained port of BWIPP: it checks each AI's format and inserts FNC1).
 * `onError` text is shown instead when the data cannot be encoded.
 */
export function Gs1Barcode({ text, errorText }: { text: string; errorText: (error: string) => string }) {
  const svg = useMemo(() => {
    try {
      return {
        ok: true as const,
        svg: toSVG({ bcid: 'gs1-128', text, scale: 2, height: 14, includetext: true, textxalign: 'center', textsize: 8 }),
      };
    } catch (err) {
      return { ok: false as const, error: err instanceof Error ? err.message : String(err) };
    }
  }, [text]);
  if (!svg.ok) return <p className="field-error">{errorText(svg.error)}</p>;
  // bwip-js builds the SVG from the element string only (no user markup can reach it).
  return <div className="gr-barcode" data-testid="label-barcode" data-gs1={text} dangerouslySetInnerHTML={{ __html: svg.svg }} />;
}
