import { useState } from 'react';
import { SUCCESS } from '../../shared/wire';
import { apiPost } from './api';

/** A dialog's one server action: `busy` while `post` runs; `onSuccess` gets the data of an accepted envelope. */
export function useDialogPost() {
  const [busy, setBusy] = useState(false);
  const post = async <T>(url: string, body: unknown, onSuccess: (data: T) => void): Promise<void> => {
    setBusy(true);
    try {
      const envelope = await apiPost<T>(url, body);
      if (envelope.code !== SUCCESS) return;
      onSuccess(envelope.data);
    } catch {
      // A refusal or a failure: the api client has reported it.
    } finally {
      setBusy(false);
    }
  };
  return { busy, post };
}
