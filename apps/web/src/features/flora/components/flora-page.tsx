import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../lib/paths';
import { Loader } from '../../../components/loader/loader';
import { Banner } from '../../../components/notice/notice';
import { PageFrame } from '../../../components/page-frame/page-frame';
import { RetryBanner } from '../../../components/notice/retry-banner';
import { formatFileSize } from '../../../lib/format';
import type { FloraMissingBuild } from '@greenhouse/contracts';
import { useFloraDownloads, type FloraDownloadLink } from '../api/flora-downloads';
import { CopyBlock } from './copy-block';
import './flora.css';

/** The Node quick start for a given package file. */
export const nodeQuickStart = (file: string) =>
  [`npm install ./${file}`, 'npx flora info agent.json', 'npx flora run agent.json'].join('\n');

/** The web-page quick start for a given module file. */
export const webQuickStart = (file: string) =>
  [
    '<script type="module">',
    `  import { loadAgent } from './${file}';`,
    '',
    "  const agent = await loadAgent(await (await fetch('./agent.json')).arrayBuffer());",
    '  const [instruction] = agent.instructions;',
    '  const result = agent.run({',
    '    instruction: instruction.name,',
    "    inputs: instruction.inputs.map(() => ({ text: 'Hello' })),",
    '  });',
    '  console.log(result.output, result.reaction);',
    '</script>',
  ].join('\n');

/** Where Flora native and an agent's model folder go in the Unreal Engine Flora plugin (its README's layout). */
export const unrealQuickStart = (dll: string) =>
  [
    'Plugins/FloraEngine/',
    `├─ Binaries/Win64/cpu/flora.dll                 ← ${dll}, renamed`,
    '├─ Source/ThirdParty/bin/Win64/cpu/flora.dll    ← the same file',
    '└─ Content/Models/<Name>/                       ← the agent’s Unreal download, unzipped',
    '   ├─ <Name>_template.json',
    '   ├─ tokenizer.bin',
    '   └─ weights.bin',
  ].join('\n');

function DownloadCard({ download }: { download: FloraDownloadLink }) {
  const { t, i18n } = useTranslation();
  const headingId = `flora-download-${download.kind}`;
  return (
    <li className="flora-download" aria-labelledby={headingId}>
      <h3 id={headingId} className="flora-download__name">
        {t(`flora.kinds.${download.kind}.name`)}
      </h3>
      <p className="flora-download__text">{t(`flora.kinds.${download.kind}.text`)}</p>
      <dl className="flora-download__facts">
        <div>
          <dt>{t('flora.file')}</dt>
          <dd>
            <code>{download.file}</code>
          </dd>
        </div>
        <div>
          <dt>{t('flora.version')}</dt>
          <dd>{download.version}</dd>
        </div>
        <div>
          <dt>{t('flora.size')}</dt>
          <dd>{formatFileSize(download.bytes, i18n.language)}</dd>
        </div>
      </dl>
      <a className="btn btn--primary flora-download__link" href={download.href} download={download.file}>
        {t('flora.downloadFile', { file: download.file })}
      </a>
    </li>
  );
}

/** A native build this server lacks: what it would be, and what the operator installs to build it. */
function MissingCard({ build }: { build: FloraMissingBuild }) {
  const { t } = useTranslation();
  const headingId = `flora-missing-${build.kind}`;
  return (
    <li className="flora-download flora-download--missing" aria-labelledby={headingId}>
      <h3 id={headingId} className="flora-download__name">
        {t(`flora.kinds.${build.kind}.name`)}
      </h3>
      <p className="flora-download__text">{t('flora.missing', { compiler: build.compiler })}</p>
      <CopyBlock
        label={t('flora.missingCode')}
        code={`sudo apt-get install -y ${build.debianPackage}\nnpm run build`}
      />
    </li>
  );
}

function Downloads() {
  const { t } = useTranslation();
  const query = useFloraDownloads();
  if (query.isPending) return <Loader size="small" label={t('flora.loadingDownloads')} />;
  if (query.isError) {
    return (
      <RetryBanner
        text={t('flora.downloadsFailed')}
        error={query.error}
        onRetry={() => void query.refetch()}
      />
    );
  }
  const { downloads, missing } = query.data;
  return (
    <>
      {downloads.length === 0 && <Banner tone="info">{t('flora.noDownloads')}</Banner>}
      <ul className="flora-downloads">
        {downloads.map((download) => (
          <DownloadCard key={download.kind} download={download} />
        ))}
        {missing.map((build) => (
          <MissingCard key={build.kind} build={build} />
        ))}
      </ul>
    </>
  );
}

function QuickStart() {
  const { t } = useTranslation();
  const { data } = useFloraDownloads();
  const downloads = data?.downloads ?? [];
  const cli = downloads.find((d) => d.kind === 'cli')?.file ?? 'flora-x.y.z.tgz';
  const browser = downloads.find((d) => d.kind === 'browser')?.file ?? 'flora-x.y.z.js';
  const dll =
    downloads.find((d) => d.kind === 'native-windows-x64')?.file ?? 'flora-native-x.y.z-windows-x64.dll';
  const noDll = data?.missing.find((m) => m.kind === 'native-windows-x64');
  return (
    <div className="flora-quick-start">
      <div>
        <h3 className="flora-page__subheading">{t('flora.nodeHeading')}</h3>
        <p className="flora-page__text">{t('flora.nodeText')}</p>
        <CopyBlock label={t('flora.nodeCode')} code={nodeQuickStart(cli)} />
      </div>
      <div>
        <h3 className="flora-page__subheading">{t('flora.webHeading')}</h3>
        <p className="flora-page__text">{t('flora.webText', { file: browser })}</p>
        <CopyBlock label={t('flora.webCode')} code={webQuickStart(browser)} />
      </div>
      <div>
        <h3 className="flora-page__subheading">{t('flora.unrealHeading')}</h3>
        <p className="flora-page__text">{t('flora.unrealText')}</p>
        {noDll && <Banner tone="info">{t('flora.unrealNoDll', { package: noDll.debianPackage })}</Banner>}
        <CopyBlock label={t('flora.unrealCode')} code={unrealQuickStart(dll)} />
      </div>
    </div>
  );
}

/** /flora: what Flora is, the builds this server hands out, how to start, and the agents' download formats. */
export function FloraPage() {
  const { t } = useTranslation();
  return (
    <PageFrame
      heading={t('flora.heading')}
      text={t('flora.intro')}
      title={t('titles.flora')}
      className="flora-page"
    >
      <ul className="flora-page__points">
        <li>{t('flora.points.cpu')}</li>
        <li>{t('flora.points.file')}</li>
        <li>{t('flora.points.private')}</li>
      </ul>

      <section className="flora-page__section" aria-labelledby="flora-downloads">
        <h2 id="flora-downloads" className="flora-page__section-heading">
          {t('flora.downloadsHeading')}
        </h2>
        <Downloads />
      </section>

      <section className="flora-page__section" aria-labelledby="flora-quick-start">
        <h2 id="flora-quick-start" className="flora-page__section-heading">
          {t('flora.quickStartHeading')}
        </h2>
        <QuickStart />
      </section>

      <section className="flora-page__section" aria-labelledby="flora-formats">
        <h2 id="flora-formats" className="flora-page__section-heading">
          {t('flora.formatsHeading')}
        </h2>
        <p className="flora-page__text">{t('flora.formatsText')}</p>
        {/* Focusable, to scroll it by keys on a narrow screen; a group, not a second landmark of its section's name. */}
        <div className="flora-formats" role="group" aria-labelledby="flora-formats" tabIndex={0}>
          <table className="flora-formats__table">
            <thead>
              <tr>
                <th scope="col">{t('flora.formats.platform')}</th>
                <th scope="col">{t('flora.formats.format')}</th>
                <th scope="col">{t('flora.formats.availability')}</th>
              </tr>
            </thead>
            <tbody>
              <tr>
                <th scope="row">{t('agent.cpuModel')}</th>
                <td>{t('flora.formats.cpuFormat')}</td>
                <td>{t('flora.formats.cpuAvailability')}</td>
              </tr>
              <tr>
                <th scope="row">{t('flora.formats.unreal')}</th>
                <td>{t('flora.formats.unrealFormat')}</td>
                <td>{t('flora.formats.cpuAvailability')}</td>
              </tr>
            </tbody>
          </table>
        </div>
        <p className="flora-page__text">
          <Link to={paths.newAgent}>{t('flora.trainLink')}</Link>
        </p>
      </section>
    </PageFrame>
  );
}
