/** Binds a dock station (`tKioskStation/bind`): the administrator types the one-time code the station shows. */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { type FormEvent, useState } from 'react';
import type { BindStationRequest } from '../../../shared/kiosk';
import { SUCCESS } from '../../../shared/wire';
import { apiPost, toast } from '../../kit/api';
import type { EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { ModalDialog } from '../../kit/ModalDialog';
import { SlButton, SlInput } from '../../kit/sl';

export interface BindStationDialogProps {
  /** The station to bind; null: closed. */
  station: EntityRow | null;
  onClose: () => void;
  onDone: () => void;
}

const CODE_MAX = 16;

export function BindStationDialog({ station, onClose, onDone }: BindStationDialogProps) {
  const t = useT();
  const [code, setCode] = useState('');
  const [busy, setBusy] = useState(false);
  if (!station || typeof station.id !== 'number') return null;
  const id = station.id;
  const name = String(station.stationName ?? id);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const typed = code.trim();
    if (!typed) return;
    setBusy(true);
    try {
      const body: BindStationRequest = { id, code: typed };
      const envelope = await apiPost('/tKioskStation/bind', body);
      if (envelope.code !== SUCCESS) return;
      toast('success', t('kiosk.station.bound', { name }));
      setCode('');
      onDone();
      onClose();
    } catch {
      // Reported by the api client.
    } finally {
      setBusy(false);
    }
  };

  return (
    <ModalDialog label={t('kiosk.station.bindTitle', { name })} open onClose={onClose} data-testid="bind-dialog">
      <form noValidate onSubmit={(event) => void submit(event)}>
        <SlInput
          label={t('kiosk.station.code')}
          helpText={t('kiosk.station.bindHint')}
          value={code}
          maxlength={CODE_MAX}
          autocomplete="off"
          data-testid="bind-code"
          onSlInput={(event) => setCode((event.target as SlInputElement).value)}
        />
      </form>
      <SlButton slot="footer" onClick={onClose}>
        {t('kit.confirm.cancel')}
      </SlButton>
      <SlButton
        slot="footer"
        variant="primary"
        loading={busy}
        disabled={!code.trim()}
        data-testid="bind-ok"
        onClick={() => void submit()}
      >
        {t('kiosk.station.bind')}
      </SlButton>
    </ModalDialog>
  );
}
