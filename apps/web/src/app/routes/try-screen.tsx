import { useParams } from 'react-router';
import { Playground } from '../../features/flora/components/playground';
import { sharedAgentFileUrl } from '../../features/shared-bloom/api/shared-bloom';
import { SharedBloomPage } from '../../features/shared-bloom/components/shared-bloom-page';

/**
 * /try/{token} (issue 34): a shared agent's page with the playground, which downloads the agent's file through the
 * link and runs it with Flora in the visitor's browser. A chunk of its own (router.tsx), kept light: it imports
 * nothing of the signed-in screens.
 */
export function TryScreen() {
  const { token = '' } = useParams();
  return (
    <SharedBloomPage
      key={token}
      token={token}
      renderPlayground={(agent) => (
        <Playground
          bloom={{
            id: `shared:${token}`,
            name: agent.name,
            downloadURL: sharedAgentFileUrl(token),
            // What the page may show of the agent is its name and reactions: no summary (guardrail examples).
            summary: null,
            currentVersion: 0,
          }}
        />
      )}
    />
  );
}
