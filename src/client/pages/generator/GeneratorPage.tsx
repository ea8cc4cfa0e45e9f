/**
 * The code-generator intro page (spec 000 §1, menu `generator/generator`): a static three-step guide. Wharf
 * generates nothing at build time — a screen for a table comes from a plain-data entity definition — so the
 * guide shows those three steps.
 */
import { useT } from '../../kit/i18n';
import { SlIcon } from '../../kit/sl';
import './generator.css';

const STEPS = [
  {
    key: 'table',
    icon: 'table',
    code: `-- src/server/db/migrations/0009_dock_door.ts
create table t_dock_door (
  id serial primary key,
  wh_id varchar(20) not null references t_whse(wh_id),
  door_id varchar(20) not null,
  description varchar(100),
  unique (wh_id, door_id)
);`,
  },
  {
    key: 'entity',
    icon: 'braces',
    code: `// src/shared/entities/tDockDoor.ts
export const tDockDoor = defineEntity({
  name: 'tDockDoor',
  resource: 'tDockDoor',
  warehouseScoped: true,
  unique: ['whId', 'doorId'],
  fields: {
    whId: { type: 'text', required: true, max: 20, filter: true, column: true, lookup: 'warehouse' },
    doorId: { type: 'text', required: true, max: 20, filter: true, column: true, immutable: true },
    description: { type: 'text', max: 100, column: true },
  },
  form: [['whId', 'doorId'], ['description']],
});`,
  },
  {
    key: 'screen',
    icon: 'window-stack',
    code: `// server: one binding → /tDockDoor/findPage | save | delete
{ entity: tDockDoor, table: 't_dock_door' }

// console: menu url Wms/TDockDoor → the generic list screen
'Wms/TDockDoor': () => <EntityListPage entity={tDockDoor} />`,
  },
] as const;

export function GeneratorPage() {
  const t = useT();
  return (
    <div className="generator-page" data-testid="generator-page">
      <header className="generator-intro">
        <h2>{t('generator.title')}</h2>
        <p>{t('generator.intro')}</p>
      </header>
      <ol className="generator-steps">
        {STEPS.map((step, index) => (
          <li key={step.key} className="generator-step">
            <div className="generator-step-head">
              <span className="generator-step-number">{index + 1}</span>
              <SlIcon name={step.icon} />
              <h3>{t(`generator.step.${step.key}.title`)}</h3>
            </div>
            <p>{t(`generator.step.${step.key}.body`)}</p>
            <pre>
              <code>{step.code}</code>
            </pre>
          </li>
        ))}
      </ol>
      <p className="generator-result">
        <SlIcon name="check2-circle" />
        {t('generator.result')}
      </p>
    </div>
  );
}
