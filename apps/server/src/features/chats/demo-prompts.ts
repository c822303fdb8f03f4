import type { ChatMode, DemoPrompt, Language } from '@greenhouse/contracts';
import type { BloomDraft } from '@greenhouse/mtp';
import { demoDraft, type DemoId } from './demo-drafts.js';

// Starter descriptions for /chat/new. Starting a chat from one is free (docs/product-rules.md §9: a demo
// prompt is free): the chat starts with the demo's complete draft (demo-drafts.ts) and our own answer, at
// once, without a prompt or a model call, so "Generate agent" works right away. Each text fits in one
// message.
const prompts: Record<Language, (DemoPrompt & { id: DemoId })[]> = {
  en: [
    {
      id: 'shopkeeper',
      title: 'Village shopkeeper',
      text: 'A grumpy shopkeeper NPC in a fantasy village. Players buy and sell gear, haggle, or try to steal; he calls the guard on thieves.',
    },
    {
      id: 'tavern-bard',
      title: 'Tavern bard',
      text: 'A cheerful bard in a tavern who tells rumors about nearby quests, sings when paid, and gets offended by insults.',
    },
    {
      id: 'space-station-ai',
      title: 'Space station AI',
      text: 'The calm AI of a small space station. Crew members ask it to open doors, report status or run repairs; it refuses unsafe orders.',
    },
    {
      id: 'guard-at-gate',
      title: 'Guard at the gate',
      text: 'A city gate guard who lets in travelers with a pass, turns away strangers, and can be bribed only with a lot of gold.',
    },
  ],
  pl: [
    {
      id: 'shopkeeper',
      title: 'Wiejski sklepikarz',
      text: 'Zrzędliwy sklepikarz NPC w wiosce fantasy. Gracze kupują i sprzedają ekwipunek, targują się albo próbują kraść; na złodziei woła straż.',
    },
    {
      id: 'tavern-bard',
      title: 'Bard w karczmie',
      text: 'Wesoły bard w karczmie, który opowiada plotki o pobliskich zadaniach, śpiewa za zapłatą i obraża się, gdy ktoś go znieważy.',
    },
    {
      id: 'space-station-ai',
      title: 'SI stacji kosmicznej',
      text: 'Spokojna SI małej stacji kosmicznej. Załoga prosi ją o otwarcie drzwi, raport o stanie lub naprawy; odmawia niebezpiecznych poleceń.',
    },
    {
      id: 'guard-at-gate',
      title: 'Strażnik przy bramie',
      text: 'Strażnik miejskiej bramy, który wpuszcza podróżnych z przepustką, zawraca obcych i da się przekupić tylko dużą ilością złota.',
    },
  ],
};

export function demoPrompts(language: Language): DemoPrompt[] {
  return prompts[language];
}

/** A demo to start a chat from: its prompt, its complete draft and the answer that presents the draft. */
export interface Demo extends DemoPrompt {
  draft: BloomDraft;
  answer: string;
}

export function demoPrompt(language: Language, id: string, mode: ChatMode): Demo | undefined {
  const prompt = prompts[language].find((p) => p.id === id);
  if (!prompt) return undefined;
  const draft = demoDraft(language, prompt.id);
  return { ...prompt, draft, answer: demoAnswer(language, mode, draft) };
}

/**
 * The first answer of a demo chat, written by us (not by a model): what the draft holds, that it used no
 * prompt, and what the user can do next. It names no place on the screen (the draft is beside the chat on
 * a wide screen and a tab on a phone).
 */
function demoAnswer(language: Language, mode: ChatMode, draft: BloomDraft): string {
  const name = draft.name;
  const reactions = draft.reactions.map((r) => `**${r.name}**`).join(', ');
  const examples = draft.instructions.reduce((n, i) => n + i.samples.length, 0);
  const refuses = draft.guardrail?.badExamples.length ?? 0;
  if (language === 'pl') {
    const next =
      mode === 'model'
        ? 'albo napisać mi, co w nim zmienić (każda wiadomość zużywa jeden prompt).'
        : 'albo dopisać tu przykłady w formie `Reakcja: co ktoś mówi => odpowiedź` (każda wiadomość zużywa jeden prompt).';
    return (
      `To demo ma gotowy, kompletny szkic agenta **${name}**, przygotowany z góry przez zespół Greenhouse, ` +
      `więc nie zużyło żadnego promptu. Reakcje: ${reactions}; przykładowe wymiany: ${examples}; ` +
      `przykłady do odmowy: ${refuses}.\n\n` +
      `Naciśnij **Wygeneruj agenta**, aby go wytrenować — to też jest bezpłatne. Możesz też najpierw ` +
      `edytować szkic (bezpłatnie) ${next}`
    );
  }
  const next =
    mode === 'model'
      ? 'or tell me what to change (each message uses one prompt).'
      : 'or add examples here as `Reaction: what someone says => answer` (each message uses one prompt).';
  return (
    `This demo comes with a complete draft of **${name}**, written in advance by the Greenhouse team, so it ` +
    `used no prompt: the reactions ${reactions}, ${examples} example exchanges and ${refuses} examples of ` +
    `what ${name} refuses.\n\n` +
    `Press **Generate agent** to train it — that is free too. You can also edit the draft yourself first ` +
    `(free), ${next}`
  );
}
