import type { DemoPrompt, Language } from '@greenhouse/contracts';

// Starter descriptions for /chat/new. Starting a chat from one is free (spec §9: "The demo prompt is
// free"); each text fits in one chat message.
const prompts: Record<Language, DemoPrompt[]> = {
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

export function demoPrompt(language: Language, id: string): DemoPrompt | undefined {
  return prompts[language].find((p) => p.id === id);
}
