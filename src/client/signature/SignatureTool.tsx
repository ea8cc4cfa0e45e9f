/**
 * The PDF signature tool (spec 000 §2 "Signature tool", §4, §9): choose a PDF (.pdf only), sign each page on its own
 * 300 × 200 canvas (undo up to 100 strokes per page, clear a page or all), preview the pages as they will be signed,
 * and download the signed copy as TestPdf.pdf — each signed page stamped at one fifth in the bottom-right corner of
 * what the page shows, upright (x 500, y 20 on an A4 portrait page: placement.ts), unsigned pages untouched. A page the
 * stamp cannot be seen on is marked so, cannot be signed and is never counted as signed. No shell assumptions: the console's Core/Signature page wraps it, and the dock kiosk shows it full screen
 * at /kiosk/sign (`fullScreen`: touch targets of at least 48 px). pdf.js and pdf-lib load only when needed.
 */
import type SlRadioGroupElement from '@shoelace-style/shoelace/dist/components/radio-group/radio-group.component.js';
import { type DragEvent, Suspense, useCallback, useEffect, useRef, useState } from 'react';
import { useConfirm } from '../kit/confirm';
import { useT } from '../kit/i18n';
import { SlAlert, SlButton, SlIcon, SlRadioButton, SlRadioGroup, SlSpinner } from '../kit/sl';
import { PageSigner, signatureState } from './PageSigner';
import { PdfPageView } from './PdfPageView';
import { MAX_PDF_BYTES, type OpenPdf, openPdf, PdfOpenError, refusePdfFile, viewGeometry } from './pdfPages';
import { type Placement, placeSignature, SIGNATURE_CANVAS } from './placement';
import { strokesToPng } from './SignaturePad';
import { EMPTY_HISTORY, type StrokeHistory } from './strokes';
import './signature.css';

/** The downloaded file's name (spec 000 §2). */
export const SIGNED_FILE_NAME = 'TestPdf.pdf';

type Mode = 'sign' | 'preview';

interface Loaded extends OpenPdf {
  name: string;
  bytes: Uint8Array;
  /** Where each page's stamp goes, or why it cannot (as pdf.js shows the page). */
  placements: Placement[];
}

/** A message to show: a locale key and its values. */
interface Problem {
  key: string;
  values?: Record<string, string | number>;
  /** A warning (the file was made, with exceptions) rather than an error. */
  warning?: boolean;
  /** One line each below the message. */
  lines?: { key: string; values: Record<string, string | number> }[];
}

export interface SignatureToolProps {
  /** Kiosk: larger buttons (≥ 48 px) and pages. */
  fullScreen?: boolean;
}

export function SignatureTool({ fullScreen = false }: SignatureToolProps) {
  const t = useT();
  const confirm = useConfirm();
  const input = useRef<HTMLInputElement | null>(null);
  const alert = useRef<HTMLDivElement | null>(null);
  const [pdf, setPdf] = useState<Loaded | null>(null);
  const [histories, setHistories] = useState<readonly StrokeHistory[]>([]);
  const [mode, setMode] = useState<Mode>('sign');
  const [problem, setProblem] = useState<Problem | null>(null);
  const [busy, setBusy] = useState<'opening' | 'signing' | null>(null);
  const [dragging, setDragging] = useState(false);
  const buttonSize = fullScreen ? 'large' : 'medium';

  // A message shows above the pages: bring it into view however far down the list the user is (download is sticky).
  useEffect(() => {
    if (problem) alert.current?.scrollIntoView({ block: 'nearest' });
  }, [problem]);

  // The document's worker and memory go with the tool (or with the file it is replaced by).
  useEffect(() => () => void pdf?.close(), [pdf]);

  const open = async (file: File) => {
    setProblem(null);
    setBusy('opening');
    try {
      const bytes = new Uint8Array(await file.arrayBuffer());
      const refusal = refusePdfFile(file.name, bytes);
      if (refusal) {
        setProblem({ key: `signature.error.${refusal}`, values: { name: file.name, max: MAX_PDF_BYTES / 1024 / 1024 } });
        return;
      }
      const opened = await openPdf(bytes);
      const placements = opened.pages.map((page) => placeSignature(viewGeometry(page)));
      setPdf({ ...opened, name: file.name, bytes, placements });
      setHistories(opened.pages.map(() => EMPTY_HISTORY));
      setMode('sign');
    } catch (error) {
      const reason = error instanceof PdfOpenError ? error.reason : 'damaged';
      setProblem({ key: `signature.error.${reason}`, values: { name: file.name } });
    } finally {
      setBusy(null);
    }
  };

  const choose = (files: FileList | null | undefined) => {
    const file = files?.[0];
    if (file) void open(file);
  };

  const change = useCallback((index: number, history: StrokeHistory) => {
    setHistories((all) => all.map((h, i) => (i === index ? history : h)));
  }, []);

  const renderFailed = useCallback(() => setProblem({ key: 'signature.error.render' }), []);

  const stateOf = (index: number) =>
    signatureState(histories[index] ?? EMPTY_HISTORY, pdf?.placements[index] ?? { ok: false, reason: 'noVisibleArea' });
  // Only pages whose stamp will be seen count as signed.
  const signedCount = histories.filter((_, index) => stateOf(index) === 'signed').length;

  const clearAll = async () => {
    if (await confirm('signature.clearAllConfirm', { danger: true, values: { signed: signedCount } })) {
      setHistories((all) => all.map(() => EMPTY_HISTORY));
    }
  };

  const download = async () => {
    if (!pdf) return;
    setProblem(null);
    setBusy('signing');
    try {
      const signatures = new Map<number, Uint8Array>();
      for (const [index, history] of histories.entries()) {
        if (stateOf(index) === 'signed') {
          // Scale 1: 300 × 200 px in a 60 × 40 pt box is 360 dpi, sharp in print. pdf-lib re-compresses every PNG it
          // embeds: at scale 2 a signature on each of 100 pages took 5.4 s, at scale 1 1.3 s (bench/signature.bench.ts).
          const png = await strokesToPng(history.strokes, SIGNATURE_CANVAS.width, SIGNATURE_CANVAS.height, { scale: 1 });
          signatures.set(index, png);
        }
      }
      const { signPdf } = await import('./signPdf');
      const signed = await signPdf(pdf.bytes, signatures);
      // signPdf reads the file's own boxes and rotation, and has the last word: a page it refused is said, by number.
      if (signed.refused.length > 0) {
        setProblem({
          key: signed.signed.length > 0 ? 'signature.refusedPages' : 'signature.nothingPlaced',
          warning: signed.signed.length > 0,
          lines: signed.refused.map(({ index, reason }) => ({
            key: 'signature.refusedPage',
            values: { page: index + 1, reason: t(`signature.cannotPlace.${reason}`) },
          })),
        });
      }
      if (signed.signed.length === 0) return;
      const url = URL.createObjectURL(new Blob([signed.bytes as Uint8Array<ArrayBuffer>], { type: 'application/pdf' }));
      const link = document.createElement('a');
      link.href = url;
      link.download = SIGNED_FILE_NAME;
      link.click();
      // The download has started from the link; the object URL can go once this task is over.
      setTimeout(() => URL.revokeObjectURL(url), 0);
    } catch (error) {
      const encrypted = error instanceof Error && error.name === 'EncryptedPDFError';
      setProblem({ key: encrypted ? 'signature.error.encrypted' : 'signature.error.signFailed' });
    } finally {
      setBusy(null);
    }
  };

  const onDrop = (event: DragEvent<HTMLElement>) => {
    event.preventDefault();
    setDragging(false);
    choose(event.dataTransfer.files);
  };

  // Preview: whole pages side by side, each short enough to fit a 900-pixel-high screen with its signature in view.
  const pageWidth = mode === 'sign' ? (fullScreen ? 520 : 440) : fullScreen ? 600 : 500;

  return (
    <div className={`signature-tool${fullScreen ? ' signature-tool--full' : ''}`} data-testid="signature-tool">
      <input
        ref={input}
        type="file"
        accept=".pdf,application/pdf"
        hidden
        data-testid="signature-file"
        onChange={(event) => {
          choose(event.currentTarget.files);
          // The same file chosen again (after fixing it elsewhere) must fire a change again.
          event.currentTarget.value = '';
        }}
      />
      <div className="signature-toolbar">
        <SlButton
          size={buttonSize}
          variant={pdf ? 'default' : 'primary'}
          loading={busy === 'opening'}
          data-testid="signature-choose"
          onClick={() => input.current?.click()}
        >
          <SlIcon slot="prefix" name="file-earmark-arrow-up" />
          {t(pdf ? 'signature.chooseAnother' : 'signature.choose')}
        </SlButton>
        {pdf && (
          <>
            <span className="signature-toolbar__file" data-testid="signature-file-info">
              <SlIcon name="file-earmark-pdf" />
              {t('signature.fileInfo', { name: pdf.name, pages: pdf.pages.length })}
            </span>
            <Suspense fallback={null}>
              <SlRadioGroup
                size={buttonSize}
                value={mode}
                aria-label={t('signature.mode')}
                data-testid="signature-mode"
                onSlChange={(event) => setMode((event.target as SlRadioGroupElement).value as Mode)}
              >
                <SlRadioButton value="sign" data-testid="signature-mode-sign">
                  <SlIcon slot="prefix" name="pen" />
                  {t('signature.mode.sign')}
                </SlRadioButton>
                <SlRadioButton value="preview" data-testid="signature-mode-preview">
                  <SlIcon slot="prefix" name="eye" />
                  {t('signature.mode.preview')}
                </SlRadioButton>
              </SlRadioGroup>
            </Suspense>
            <span className="signature-toolbar__spacer" />
            <span className="signature-toolbar__count" data-testid="signature-count">
              {t('signature.signedCount', { signed: signedCount, pages: pdf.pages.length })}
            </span>
            <SlButton
              size={buttonSize}
              disabled={signedCount === 0}
              data-testid="signature-clear-all"
              onClick={() => void clearAll()}
            >
              <SlIcon slot="prefix" name="trash3" />
              {t('signature.clearAll')}
            </SlButton>
            <SlButton
              size={buttonSize}
              variant="primary"
              disabled={signedCount === 0}
              loading={busy === 'signing'}
              data-testid="signature-download"
              title={signedCount === 0 ? t('signature.nothingSigned') : undefined}
              onClick={() => void download()}
            >
              <SlIcon slot="prefix" name="download" />
              {t('signature.download')}
            </SlButton>
          </>
        )}
      </div>

      {problem && (
        <div ref={alert} className="signature-alert">
          <SlAlert
            open
            variant={problem.warning ? 'warning' : 'danger'}
            closable
            data-testid="signature-error"
            onSlAfterHide={(event) => event.target === event.currentTarget && setProblem(null)}
          >
            <SlIcon slot="icon" name={problem.warning ? 'exclamation-triangle' : 'exclamation-octagon'} />
            {t(problem.key, problem.values)}
            {problem.lines && (
              <ul className="signature-error__lines">
                {problem.lines.map((line) => (
                  <li key={String(line.values.page)}>{t(line.key, line.values)}</li>
                ))}
              </ul>
            )}
          </SlAlert>
        </div>
      )}

      {!pdf && (
        <button
          type="button"
          className={`signature-drop${dragging ? ' signature-drop--over' : ''}`}
          data-testid="signature-drop"
          onClick={() => input.current?.click()}
          onDragOver={(event) => {
            event.preventDefault();
            setDragging(true);
          }}
          onDragLeave={() => setDragging(false)}
          onDrop={onDrop}
        >
          {busy === 'opening' ? <SlSpinner /> : <SlIcon name="file-earmark-pdf" />}
          <strong>{t('signature.dropTitle')}</strong>
          <span>{t('signature.dropHint')}</span>
        </button>
      )}

      {pdf && (
        <>
          <p className="signature-hint">
            {t(mode === 'sign' ? 'signature.signHintCorner' : 'signature.previewHint')}
            {signedCount === 0 && ` ${t('signature.nothingSigned')}`}
          </p>
          <div className={`signature-pages signature-pages--${mode}`} data-testid={`signature-pages-${mode}`}>
            {pdf.pages.map((page, index) => {
              const history = histories[index] ?? EMPTY_HISTORY;
              const placement = pdf.placements[index] ?? { ok: false, reason: 'noVisibleArea' };
              return mode === 'sign' ? (
                <PageSigner
                  key={page.pageNumber}
                  page={page}
                  index={index}
                  pageCount={pdf.pages.length}
                  pageWidth={pageWidth}
                  history={history}
                  placement={placement}
                  onChange={change}
                  onRenderError={renderFailed}
                  buttonSize={buttonSize}
                />
              ) : (
                <figure key={page.pageNumber} className="signature-preview" data-testid={`signature-preview-${index + 1}`}>
                  <PdfPageView
                    page={page}
                    width={pageWidth}
                    strokes={history.strokes}
                    placement={placement}
                    outline={false}
                    label={t('signature.pageImage', { page: index + 1 })}
                    onRenderError={renderFailed}
                  />
                  <figcaption>
                    {t('signature.pageOf', { page: index + 1, pages: pdf.pages.length })} · {t(`signature.${stateOf(index)}`)}
                  </figcaption>
                </figure>
              );
            })}
          </div>
        </>
      )}
    </div>
  );
}
