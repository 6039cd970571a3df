import { Link } from '@tanstack/react-router';
import { t } from '../messages';

export function NotFound() {
  return (
    <div className="page narrow">
      <h1>{t.notFound.title}</h1>
      <p>{t.notFound.body}</p>
      <p>
        <Link to="/">{t.notFound.back}</Link>
      </p>
    </div>
  );
}
