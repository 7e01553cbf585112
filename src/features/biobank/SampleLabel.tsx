// One printed label: the sample number as a barcode (Code 128 or DataMatrix, drawn by bwip-js,
// which is loaded only when labels are printed), the number in text, the type and the collection day.
import { useEffect, useState, type ReactElement } from 'react';
import { useIntl } from 'react-intl';
import type { BioSample } from '../../api/bioSamples';
import { useFormatter } from '../../i18n/useFormatter';
import { messages } from './messages';
import classes from './labels.module.css';

export type BarcodeKind = 'code128' | 'datamatrix';

/** The barcode as SVG markup, drawn by bwip-js from the sample number. */
export async function barcodeSvg(text: string, kind: BarcodeKind): Promise<string> {
  const { toSVG } = await import('bwip-js/browser');
  return toSVG({ bcid: kind, text, scale: 2, height: kind === 'code128' ? 10 : undefined, includetext: false });
}

export function SampleLabel({ sample, kind }: { sample: BioSample; kind: BarcodeKind }): ReactElement {
  const intl = useIntl();
  const format = useFormatter();
  const [svg, setSvg] = useState<string | null>(null);
  useEffect(() => {
    let live = true;
    barcodeSvg(sample.sampleNumber, kind)
      .then((markup) => live && setSvg(markup))
      .catch(() => live && setSvg(null));
    return () => {
      live = false;
    };
  }, [sample.sampleNumber, kind]);
  return (
    <div className={classes.label} data-testid="sample-label">
      <div className={classes.barcode}>
        {/* As an image, the drawing is never parsed into the page. */}
        {svg && <img alt={intl.formatMessage(messages.barcodeOf, { number: sample.sampleNumber })} src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} />}
      </div>
      <div>
        <strong>{sample.sampleNumber}</strong>
      </div>
      <div>{sample.bioSampleType.name}</div>
      <div>{format.dateTime(sample.sampleCollectedAt)}</div>
    </div>
  );
}
