import { useT } from '../../kit/i18n';
import { SlCarousel, SlCarouselItem } from '../../kit/sl';

const FEATURES = [
  'home.feature.login',
  'home.feature.admin',
  'home.feature.logs',
  'home.feature.dict',
  'home.feature.theme',
  'home.feature.monitoring',
] as const;

const ENVIRONMENT = [
  ['Node.js 20', 'home.env.node'],
  ['Fastify', 'home.env.fastify'],
  ['PostgreSQL / PGlite', 'home.env.db'],
  ['React 19', 'home.env.react'],
  ['Shoelace', 'home.env.shoelace'],
  ['AG Grid', 'home.env.grid'],
  ['esbuild', 'home.env.esbuild'],
] as const;

/** The landing page (spec 000 §1): a rotating carousel with introduction, feature plan and environment. */
export function HomePage() {
  const t = useT();
  return (
    <div className="home-page">
      <SlCarousel className="home-carousel" autoplay autoplayInterval={3000} loop pagination navigation mouseDragging>
        <SlCarouselItem>
          <section className="home-card">
            <h2>{t('home.intro.title')}</h2>
            <p>{t('home.intro.body1')}</p>
            <p>{t('home.intro.body2')}</p>
          </section>
        </SlCarouselItem>
        <SlCarouselItem>
          <section className="home-card">
            <h2>{t('home.features.title')}</h2>
            <ul className="home-list">
              {FEATURES.map((key) => (
                <li key={key}>{t(key)}</li>
              ))}
            </ul>
          </section>
        </SlCarouselItem>
        <SlCarouselItem>
          <section className="home-card">
            <h2>{t('home.env.title')}</h2>
            <dl className="home-env">
              {ENVIRONMENT.map(([name, key]) => (
                <div key={name}>
                  <dt>{name}</dt>
                  <dd>{t(key)}</dd>
                </div>
              ))}
            </dl>
          </section>
        </SlCarouselItem>
      </SlCarousel>
    </div>
  );
}
