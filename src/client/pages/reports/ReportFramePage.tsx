/**
 * The reporting frame (spec 000 §2, menu `Wms/Report`): a hidden form posts whId, clientCode, user and token to
 * the report server (WHARF_REPORT_URL) into a frame on this page. The report server checks the token against
 * Wharf; the CSP lets the console frame and post to that one origin only.
 */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { useEffect, useRef, useState } from 'react';
import { useSnapshot } from 'valtio';
import type { ReportConfig } from '../../../shared/wire.shell';
import { apiGet } from '../../kit/api';
import { useT } from '../../kit/i18n';
import { currentToken, session } from '../../kit/session';
import { SlButton, SlIcon, SlInput } from '../../kit/sl';
import { WarehouseSelect } from '../../kit/WarehouseSelect';
import './reports.css';

const FRAME_NAME = 'wharf-report-frame';

export function ReportFramePage() {
  const t = useT();
  const { user } = useSnapshot(session);
  const [config, setConfig] = useState<ReportConfig | null>(null);
  const [whId, setWhId] = useState('');
  const [clientCode, setClientCode] = useState('');
  const [opened, setOpened] = useState(false);
  const form = useRef<HTMLFormElement>(null);

  useEffect(() => {
    let cancelled = false;
    apiGet<ReportConfig>('/report/config')
      .then((answer) => {
        if (!cancelled && answer.code === 200) setConfig(answer.data);
      })
      .catch(() => undefined);
    return () => {
      cancelled = true;
    };
  }, []);

  const open = () => {
    if (!whId || !form.current) return;
    // The token is read at the moment of posting, as the api client does, so it is always the current one.
    const token = form.current.elements.namedItem('token');
    if (token instanceof HTMLInputElement) token.value = currentToken() ?? '';
    form.current.submit();
    setOpened(true);
  };

  if (config === null) return null;
  if (!config.url)
    return (
      <div className="report-page">
        <div className="page-notice report-missing" data-testid="report-missing">
          <SlIcon name="bar-chart-line" />
          <p>{t('report.notConfigured')}</p>
        </div>
      </div>
    );

  return (
    <div className="report-page">
      <div className="wharf-filter-bar report-bar">
        <WarehouseSelect value={whId} onChange={setWhId} size="small" label={t('report.warehouse')} testId="report-warehouse" />
        <SlInput
          size="small"
          value={clientCode}
          label={t('report.client')}
          placeholder={t('report.clientPlaceholder')}
          maxlength={30}
          data-testid="report-client"
          onSlInput={(event) => setClientCode((event.target as SlInputElement).value.trim())}
        />
        <SlButton size="small" variant="primary" disabled={!whId} data-testid="report-open" onClick={open}>
          <SlIcon slot="prefix" name="bar-chart-line" />
          {t('report.open')}
        </SlButton>
      </div>
      <form ref={form} method="post" action={config.url} target={FRAME_NAME} hidden>
        <input type="hidden" name="whId" value={whId} readOnly />
        <input type="hidden" name="clientCode" value={clientCode} readOnly />
        <input type="hidden" name="user" value={user ?? ''} readOnly />
        <input type="hidden" name="token" defaultValue="" />
      </form>
      {!opened && <p className="report-hint">{t('report.hint')}</p>}
      <iframe name={FRAME_NAME} title={t('report.frameTitle')} className="report-frame" hidden={!opened} />
    </div>
  );
}
