import { SlButton, SlIcon, SlTooltip } from './sl';

/** A round icon button with its label as tooltip and accessible name (table tools). */
export function ToolButton(props: {
  label: string;
  icon: string;
  testId: string;
  loading?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <SlTooltip content={props.label}>
      <SlButton
        size="small"
        circle
        data-testid={props.testId}
        aria-label={props.label}
        loading={props.loading ?? false}
        disabled={props.disabled ?? false}
        onClick={props.onClick}
      >
        <SlIcon name={props.icon} />
      </SlButton>
    </SlTooltip>
  );
}
