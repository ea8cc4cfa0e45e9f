import { useEffect } from 'react';
import { useLocation, useSearch } from 'wouter';
import { rememberReturnTo } from '../kit/session';

/** Guard for signed-out visits: remember where the user wanted to go, then show the login screen. */
export function LoginRedirect() {
  const [location, setLocation] = useLocation();
  const search = useSearch();
  useEffect(() => {
    rememberReturnTo(search ? `${location}?${search}` : location);
    setLocation('/login', { replace: true });
  }, [location, search, setLocation]);
  return null;
}
