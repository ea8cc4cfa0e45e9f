import type { RfMessage, RfProcess } from '../../shared/rf';
import { useT } from '../kit/i18n';
import { SlIcon, SlSpinner } from '../kit/sl';
import { Message } from './RfDialogView';

interface Props {
  /** null while loading. */
  processes: readonly RfProcess[] | null;
  /** The title of the flow left running, to resume; null when none runs. */
  resumeTitle: string | null;
  message: RfMessage | null;
  onStart: (mainProcessName: string) => void;
  onResume: () => void;
}

/** No flow on screen: the flows the worker may start as big buttons, and the one left running to resume. */
export function RfHomeView({ processes, resumeTitle, message, onStart, onResume }: Props) {
  const t = useT();
  return (
    <section className="rf-home" data-testid="rf-home">
      <h1 className="rf-title">{t('rfDialog.chooseFlow')}</h1>
      <Message message={message} />
      {resumeTitle !== null && (
        <button type="button" className="rf-flow rf-resume" data-testid="rf-resume" onClick={onResume}>
          <SlIcon name="play-fill" /> {t('rfDialog.resume', { title: resumeTitle })}
        </button>
      )}
      {processes === null ? (
        <SlSpinner className="rf-spinner" />
      ) : processes.length === 0 ? (
        <p className="rf-empty">{t('rfDialog.noFlows')}</p>
      ) : (
        processes.map((process) => (
          <button
            key={process.mainProcessName}
            type="button"
            className="rf-flow"
            data-testid={`rf-flow-${process.mainProcessName}`}
            onClick={() => onStart(process.mainProcessName)}
          >
            {process.title}
          </button>
        ))
      )}
    </section>
  );
}
