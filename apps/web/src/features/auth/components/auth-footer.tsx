import { Link } from 'react-router';

interface AuthFooterProps {
  /** Text before the link, e.g. "Already have an account?"; left out, the line is just the link. */
  prompt?: string;
  to: string;
  linkText: string;
  className?: string;
}

/** The line under an auth form that links to another auth screen. */
export function AuthFooter({ prompt, to, linkText, className = 'auth-footer' }: AuthFooterProps) {
  return (
    <p className={className}>
      {prompt !== undefined && <>{prompt} </>}
      <Link to={to} className="text-link">
        {linkText}
      </Link>
    </p>
  );
}
