/** Binds a dock station (`tKioskStation/bind`): the administrator types the one-time code the station shows. */
import type SlInputElement from '@shoelace-style/shoelace/dist/components/input/input.component.js';
import { type FormEvent, useState } from 'react';
import type { BindStationRequest } from '../../../shared/kiosk';
import { toast } from '../../kit/api';
import { DialogFooter } from '../../kit/DialogFooter';
import type { EntityRow } from '../../kit/EntityListPage';
import { useT } from '../../kit/i18n';
import { ModalDialog } from '../../kit/ModalDialog';
import { SlInput } from '../../kit/sl';
import { useDialogPost } from '../../kit/useDialogPost';

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
  const { busy, post } = useDialogPost();
  if (!station || typeof station.id !== 'number') return null;
  const id = station.id;
  const name = String(station.stationName ?? id);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    const typed = code.trim();
    if (!typed) return;
    const body: BindStationRequest = { id, code: typed };
    await post('/tKioskStation/bind', body, () => {
      toast('success', t('kiosk.station.bound', { name }));
      setCode('');
      onDone();
      onClose();
    });
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
      <DialogFooter
        cancelLabel="kit.confirm.cancel"
        onCancel={onClose}
        submitLabel="kiosk.station.bind"
        submitTestId="bind-ok"
        submitDisabled={!code.trim()}
        busy={busy}
        onSubmit={() => void submit()}
      />
    </ModalDialog>
  );
}
