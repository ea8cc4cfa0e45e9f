/** A new API key, shown this once (only its hash is kept): the key to copy, and how to send it. */
import { toast } from '../../kit/api';
import { useT } from '../../kit/i18n';
import { ModalDialog } from '../../kit/ModalDialog';
import { SlButton, SlInput } from '../../kit/sl';
import type { NewApiKey } from './adminApi';

export function ApiKeyShownDialog({ created, onClose }: { created: NewApiKey | null; onClose: () => void }) {
  const t = useT();
  if (!created) return null;
  const copy = () =>
    void navigator.clipboard.writeText(created.key).then(
      () => toast('success', t('sys.apiKey.copied')),
      () => undefined,
    );
  return (
    <ModalDialog label={t('sys.apiKey.shownTitle', { name: created.name })} open onClose={onClose} data-testid="api-key-shown">
      <p className="sys-api-key-warning">{t('sys.apiKey.shownOnce')}</p>
      <div className="sys-api-key-value">
        <SlInput readonly value={created.key} data-testid="api-key-value" />
        <SlButton data-testid="api-key-copy" onClick={copy}>
          {t('sys.apiKey.copy')}
        </SlButton>
      </div>
      <p className="sys-api-key-usage">{t('sys.apiKey.usage')}</p>
      <SlButton slot="footer" variant="primary" data-testid="api-key-done" onClick={onClose}>
        {t('sys.apiKey.done')}
      </SlButton>
    </ModalDialog>
  );
}
