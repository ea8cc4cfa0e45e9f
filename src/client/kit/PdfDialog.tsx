/**
 * A generated document (labels, delivery notes …) shown in a large dialog: the browser's own PDF viewer in a frame
 * (print from there), with "open in a new tab" and "download" beside it. The document is a Blob held in memory; its
 * object URL is revoked when the dialog closes.
 */
import { useCallback, useEffect, useState } from 'react';
import { ApiError, apiPdf } from './api';
import { useT } from './i18n';
import { ModalDialog } from './ModalDialog';
import { SlButton, SlIcon } from './sl';
import './kit.css';

export interface PdfDocument {
  /** The dialog's title (translated). */
  title: string;
  /** The name a download is saved under, with `.pdf`. */
  fileName: string;
  blob: Blob;
}

export function PdfDialog({ document: doc, onClose }: { document: PdfDocument | null; onClose: () => void }) {
  const t = useT();
  const [url, setUrl] = useState<string | null>(null);
  useEffect(() => {
    if (!doc) {
      setUrl(null);
      return;
    }
    const next = URL.createObjectURL(doc.blob);
    setUrl(next);
    return () => URL.revokeObjectURL(next);
  }, [doc]);
  if (!doc || !url) return null;

  const download = () => {
    const link = window.document.createElement('a');
    link.href = url;
    link.download = doc.fileName;
    link.click();
  };
  // The tab keeps its own URL: this one dies with the dialog.
  const openTab = () => window.open(URL.createObjectURL(doc.blob), '_blank', 'noopener');

  return (
    <ModalDialog label={doc.title} open onClose={onClose} className="wharf-pdf-dialog" data-testid="pdf-dialog">
      <iframe className="wharf-pdf-dialog__frame" src={url} title={doc.title} data-testid="pdf-frame" />
      <SlButton slot="footer" data-testid="pdf-open" onClick={openTab}>
        <SlIcon slot="prefix" name="box-arrow-up-right" />
        {t('kit.pdf.openTab')}
      </SlButton>
      <SlButton slot="footer" data-testid="pdf-download" onClick={download}>
        <SlIcon slot="prefix" name="download" />
        {t('kit.pdf.download')}
      </SlButton>
      <SlButton slot="footer" variant="primary" data-testid="pdf-close" onClick={onClose}>
        {t('kit.pdf.close')}
      </SlButton>
    </ModalDialog>
  );
}

/**
 * Asks the server for a document (`apiPdf`) and shows it in the PdfDialog: `show(url, body, title, fileName)`
 * resolves true once shown, false when refused (the refusal was toasted) or failed. Render `dialog` once.
 */
export function usePdfDialog(): {
  show: (url: string, body: unknown, title: string, fileName: string) => Promise<boolean>;
  busy: boolean;
  dialog: React.ReactNode;
} {
  const [doc, setDoc] = useState<PdfDocument | null>(null);
  const [busy, setBusy] = useState(false);
  const show = useCallback(async (url: string, body: unknown, title: string, fileName: string) => {
    setBusy(true);
    try {
      const blob = await apiPdf(url, body);
      if (!blob) return false;
      setDoc({ title, fileName, blob });
      return true;
    } catch (error) {
      // The api client has reported an HTTP failure; anything else is a defect worth the console.
      if (!(error instanceof ApiError)) console.error(error);
      return false;
    } finally {
      setBusy(false);
    }
  }, []);
  return { show, busy, dialog: <PdfDialog document={doc} onClose={() => setDoc(null)} /> };
}
