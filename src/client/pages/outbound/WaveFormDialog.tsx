/**
 * The add/edit dialog of a wave: the generic form, a new wave starting from `newWaveValues` (the user's warehouse,
 * sequence 1, priority 50, one worker, the door, staging location and work type of the warehouse's newest wave);
 * choosing a door fills its staging location (the staging lookup chooses the door's own, `FIRST_CHOSEN_LOOKUPS`).
 * A new wave is built by loading orders into it: once saved, `onCreated` is told the wave as the list reads it.
 */
import { useEffect, useState } from 'react';
import { type PageResult, SUCCESS } from '../../../shared/wire';
import { apiPost } from '../../kit/api';
import type { EntityRow } from '../../kit/EntityListPage';
import { FormDialog, type FormDialogProps } from '../../kit/FormDialog';
import { session } from '../../kit/session';
import { newWaveValues } from './waveDefaults';

export interface WaveFormDialogProps extends FormDialogProps {
  /** Told the new wave (its number may come from the series) once it is saved. */
  onCreated: (wave: EntityRow) => void;
}

export function WaveFormDialog({ onCreated, ...props }: WaveFormDialogProps) {
  const editing = props.row?.id !== undefined && props.row?.id !== null;
  const [start, setStart] = useState<EntityRow | null>(null);
  const adding = props.open && !editing;

  // The starting values are read as the dialog opens; it shows once they are there (a form takes its values on opening).
  useEffect(() => {
    if (!adding) {
      setStart(null);
      return;
    }
    let cancelled = false;
    void newWaveValues(session.user ?? '')
      .catch(() => ({}))
      .then((row) => {
        if (!cancelled) setStart(row);
      });
    return () => {
      cancelled = true;
    };
  }, [adding]);

  return (
    <FormDialog
      {...props}
      open={props.open && (editing || start !== null)}
      row={editing ? props.row : start}
      onSaved={(saved) => {
        props.onSaved(saved);
        if (editing) return;
        // Newest first: the wave just saved is on the first page of its warehouse.
        void apiPost<PageResult<EntityRow>>('/tWaveMaster/findPage', {
          pageNum: 1,
          pageSize: 20,
          columnFilters: { whId: saved.payload.whId },
        })
          .then((envelope) => (envelope.code === SUCCESS ? envelope.data?.content.find((w) => w.id === saved.id) : undefined))
          .then((wave) => wave && onCreated(wave))
          .catch(() => undefined);
      }}
    />
  );
}
