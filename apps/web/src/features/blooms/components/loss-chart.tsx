import type { BloomStage } from '@greenhouse/contracts';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage } from '../../../lib/i18n';
import { formatInteger, formatLoss } from '../../../lib/format';
import { lossCurves, lossSummary, tickStep, ticksTo, type LossSeries } from '../loss-curve';
import '../../../components/bloom-card/bloom-card.css';
import './loss-chart.css';

/*
 * A small line chart drawn by hand in SVG, not with a chart library: it has two to four lines of at most
 * ~200 points each, fixed axes from zero and no interaction, which is some eighty lines of code. uPlot
 * (~50 kB minified) draws on a canvas that screen readers cannot read, and Recharts brings d3 and well
 * over 100 kB gzipped: both would be most of the agent page's weight for little gain. The lines live in
 * a stretched SVG (viewBox 0..1000 both ways, strokes kept at their width by `non-scaling-stroke`); the
 * tick labels are HTML placed by percent, so the text stays crisp and readable at any width.
 */

const VIEW = 1000;

const seriesClass = (line: Pick<LossSeries, 'phase' | 'kind'>) =>
  `loss-chart__line loss-chart__line--${line.kind === 'validation' ? 'validation' : line.phase}`;

/**
 * The training's loss curve under the stages: pretraining then finetuning on one step axis (finetuning
 * continues after pretraining's steps), the validation loss dashed. It follows the agent's polling, so it
 * grows while a stage trains. Screen readers get its name and a summary of each line instead of the drawing.
 * Nothing is shown before the first point.
 */
export function LossChart({ stages }: { stages: readonly BloomStage[] }) {
  const { t, i18n } = useTranslation();
  const titleId = useId();
  const summaryId = useId();
  const language = currentLanguage(i18n);
  const curves = lossCurves(stages);
  if (curves.series.length === 0) return null;

  const loss = (value: number) => formatLoss(value, language);
  const integer = (value: number) => formatInteger(value, language);
  const losses = curves.series.flatMap((line) => line.points.map((point) => point.loss));
  const peak = Math.max(...losses, 0);
  const yStep = tickStep(peak > 0 ? peak : 1);
  const yTicks = ticksTo(peak > 0 ? peak : 1, yStep);
  const yMax = yTicks.at(-1)!;
  const yDecimals = Math.max(0, -Math.floor(Math.log10(yStep)));
  const yLabel = new Intl.NumberFormat(language, {
    minimumFractionDigits: yDecimals,
    maximumFractionDigits: yDecimals,
  });
  const xStep = tickStep(curves.maxStep, 4);
  const xTicks = ticksTo(curves.maxStep, xStep).filter((tick) => tick <= curves.maxStep);

  const x = (step: number) => (Math.min(Math.max(step, 0), curves.maxStep) / curves.maxStep) * VIEW;
  const y = (value: number) => VIEW - (Math.min(Math.max(value, 0), yMax) / yMax) * VIEW;
  const percentX = (step: number) => `${(x(step) / VIEW) * 100}%`;
  const percentY = (value: number) => `${(1 - y(value) / VIEW) * 100}%`;

  const legend = (['pretraining', 'finetuning'] as const)
    .map((phase) => curves.series.find((line) => line.phase === phase && line.kind === 'train'))
    .filter((line): line is LossSeries => line !== undefined);
  const validation = curves.series.filter((line) => line.kind === 'validation').at(-1);
  if (validation) legend.push(validation);
  // The newest point of a stage that is still training gets a dot, so the live end is easy to find.
  const liveLine = curves.live ? curves.series.filter((line) => line.kind === 'train').at(-1) : undefined;
  const liveEnd = liveLine?.points.at(-1);

  return (
    <section className="bloom-card loss-chart" aria-labelledby={titleId}>
      <div className="loss-chart__head">
        <h2 id={titleId} className="bloom-card__label loss-chart__title">
          {t('lossChart.title')}
        </h2>
        <ul className="loss-chart__legend" aria-hidden="true">
          {legend.map((line) => (
            <li key={`${line.phase}-${line.kind}`}>
              <svg className="loss-chart__swatch" viewBox="0 0 20 4" width="20" height="4">
                <line x1="0" y1="2" x2="20" y2="2" className={seriesClass(line)} />
              </svg>
              {t(line.kind === 'validation' ? 'lossChart.validation' : `lossChart.phase.${line.phase}`)}{' '}
              <span className="loss-chart__latest">{loss(line.points.at(-1)!.loss)}</span>
            </li>
          ))}
        </ul>
      </div>
      <div className="loss-chart__figure" role="img" aria-labelledby={titleId} aria-describedby={summaryId}>
        <span className="loss-chart__axis-name loss-chart__axis-name--y">{t('lossChart.yAxis')}</span>
        <div className="loss-chart__plot">
          <svg
            className="loss-chart__svg"
            viewBox={`0 0 ${VIEW} ${VIEW}`}
            preserveAspectRatio="none"
            focusable="false"
          >
            {yTicks.map((tick) => (
              <line key={tick} x1={0} x2={VIEW} y1={y(tick)} y2={y(tick)} className="loss-chart__grid" />
            ))}
            {curves.boundary !== null && (
              <line
                x1={x(curves.boundary)}
                x2={x(curves.boundary)}
                y1={0}
                y2={VIEW}
                className="loss-chart__boundary"
              />
            )}
            {curves.series.map((line) => (
              <polyline
                key={`${line.phase}-${line.kind}`}
                className={seriesClass(line)}
                points={line.points
                  .map((point) => `${x(point.step + line.offset).toFixed(1)},${y(point.loss).toFixed(1)}`)
                  .join(' ')}
              />
            ))}
          </svg>
          {liveLine && liveEnd && (
            <span
              className={`loss-chart__dot loss-chart__dot--${liveLine.phase}`}
              style={{ left: percentX(liveEnd.step + liveLine.offset), bottom: percentY(liveEnd.loss) }}
            />
          )}
          {yTicks.map((tick) => (
            <span
              key={tick}
              className="loss-chart__tick loss-chart__tick--y"
              style={{ bottom: percentY(tick) }}
            >
              {yLabel.format(tick)}
            </span>
          ))}
          {xTicks.map((tick) => (
            <span
              key={tick}
              className="loss-chart__tick loss-chart__tick--x"
              style={{ left: percentX(tick) }}
            >
              {integer(tick)}
            </span>
          ))}
        </div>
        <span className="loss-chart__axis-name loss-chart__axis-name--x">{t('lossChart.xAxis')}</span>
      </div>
      <p id={summaryId} className="visually-hidden">
        {lossSummary(curves, t, loss, integer)}
      </p>
    </section>
  );
}
