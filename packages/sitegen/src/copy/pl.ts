import { formatHours } from "./hours.ts";
import type { TLexicon } from "./types.ts";

export const pl: TLexicon = {
  industries: {
    restaurant: {
      noun: "restauracja",
      offeringsTitle: "Menu",
      offeringsIntro: "Karta może zmieniać się wraz z porą roku. O dzisiejsze dania zapytaj na miejscu.",
      headline: ["Dobre jedzenie, przygotowane z sercem.", "Ciepłe miejsce przy stole – {place}."],
      subline: "{name} to miejsce, do którego łatwo wpaść – samemu, z rodziną lub z przyjaciółmi.",
      about:
        "Każde danie przygotowujemy starannie. Nowych gości i stałych bywalców witamy tak samo serdecznie.",
      servicesLine: "W karcie znajdziesz: {list}.",
      highlights: [
        "Przygotowane z sercem",
        "Swobodna atmosfera",
        "Zapraszamy także w pojedynkę",
        "Rezerwacje przez formularz",
      ],
      defaults: [
        ["Dania", "Zapytaj o dzisiejsze propozycje."],
        ["Napoje", "Coś do posiłku."],
        ["Rezerwacje", "Podaj datę i liczbę osób."],
      ],
      itemDesc: ["Zapraszamy do spróbowania.", "Szczegóły na miejscu."],
      cta: "Rezerwacja i pytania",
      faq: [
        "Czy można zarezerwować stolik?",
        "Tak. Podaj w formularzu datę, godzinę i liczbę osób, a odezwiemy się.",
      ],
    },
    legal: {
      noun: "kancelaria",
      offeringsTitle: "Specjalizacje",
      offeringsIntro: "Po wysłuchaniu Twojej sprawy wyjaśniamy możliwe rozwiązania i przebieg współpracy.",
      headline: [
        "Rzetelna porada prawna, gdy jej potrzebujesz.",
        "Pomoc prawna, której możesz zaufać – {place}.",
      ],
      subline: "{name} pomaga uporządkować problemy prawne i znaleźć najlepsze wyjście.",
      about: "Uważnie słuchamy i tłumaczymy wszystko prostym językiem. Zachowujemy pełną poufność.",
      servicesLine: "Doradzamy w sprawach: {list}.",
      highlights: [
        "Zrozumiałe wyjaśnienia",
        "Pełna poufność",
        "Kontakt przez formularz",
        "Jasny plan działania",
      ],
      defaults: [
        ["Porada prawna", "Opowiedz nam o swojej sprawie."],
        ["Umowy i dokumenty", "Przygotowanie i sprawdzenie dokumentów."],
        ["Negocjacje i postępowania", "Działamy w Twoim imieniu."],
      ],
      itemDesc: ["Skontaktuj się z nami, aby poznać szczegóły.", "Zaproponujemy najlepsze rozwiązanie."],
      cta: "Umów konsultację",
      faq: ["Czy rozmowa jest poufna?", "Tak. Wszystko, co nam powiesz, pozostaje między nami."],
    },
    healthcare: {
      noun: "gabinet",
      offeringsTitle: "Zakres usług",
      offeringsIntro: "Jeśli coś Cię niepokoi, po prostu zapytaj.",
      headline: ["Troska o zdrowie naszej okolicy.", "Twój gabinet – {place}."],
      subline: "{name} znajduje czas, by wysłuchać, i zapewnia staranną opiekę.",
      about: "Wyjaśniamy każdy etap leczenia. Żadne pytanie nie jest zbyt błahe.",
      servicesLine: "Oferujemy: {list}.",
      highlights: [
        "Jasne wyjaśnienia",
        "Czysto i spokojnie",
        "Dla dzieci i dorosłych",
        "Wizyty przez formularz",
      ],
      defaults: [
        ["Konsultacje", "Opowiedz nam o objawach."],
        ["Plan leczenia", "Jasno omawiamy możliwości."],
        ["Regularna opieka", "Pomagamy dbać o zdrowie."],
      ],
      itemDesc: ["Szczegóły po kontakcie.", "Dopasujemy pomoc do Twoich potrzeb."],
      cta: "Umów wizytę",
      faq: ["Czy przyjmujecie nowych pacjentów?", "Tak. Wcześniejszy kontakt przez formularz ułatwi wizytę."],
    },
    finance: {
      noun: "biuro rachunkowe",
      offeringsTitle: "Usługi",
      offeringsIntro: "Dobieramy wsparcie do wielkości i potrzeb Twojej firmy.",
      headline: ["Finanse bez zmartwień.", "Zaufany doradca dla firm – {place}."],
      subline: "{name} upraszcza podatki i księgowość, abyś mógł skupić się na pracy.",
      about: "Unikamy żargonu i jasno mówimy, co trzeba zrobić i kiedy.",
      servicesLine: "Pomagamy w zakresie: {list}.",
      highlights: [
        "Proste wyjaśnienia",
        "Małe firmy mile widziane",
        "Pełna poufność",
        "Kontakt przez formularz",
      ],
      defaults: [
        ["Doradztwo podatkowe", "Od bieżących pytań po rozliczenia."],
        ["Księgowość", "Mniej czasu nad dokumentami."],
        ["Planowanie", "Plany oparte na liczbach."],
      ],
      itemDesc: ["Szczegóły po kontakcie.", "Dopasowane do Twojej sytuacji."],
      cta: "Skontaktuj się",
      faq: [
        "Czy obsługujecie jednoosobowe firmy?",
        "Tak. Jednoosobowe działalności i małe firmy są mile widziane.",
      ],
    },
    retail: {
      noun: "sklep",
      offeringsTitle: "Produkty",
      offeringsIntro: "Asortyment się zmienia. Jeśli czegoś szukasz, zapytaj.",
      headline: ["Znajdź coś, co pokochasz.", "Twój sklep w okolicy – {place}."],
      subline: "{name} to rzeczy, które sprawiają, że codzienność jest odrobinę przyjemniejsza.",
      about: "Każdy produkt wybieramy starannie. Wybieraj spokojnie – chętnie doradzimy też przy prezentach.",
      servicesLine: "W ofercie: {list}.",
      highlights: [
        "Starannie dobrany asortyment",
        "Pomoc w wyborze prezentu",
        "Spokojne zakupy",
        "Pytania o dostępność online",
      ],
      defaults: [
        ["Klasyka", "Sprawdzone produkty na co dzień."],
        ["Sezonowe nowości", "Rzeczy na tę porę roku."],
        ["Prezenty", "Pomożemy wybrać upominek."],
      ],
      itemDesc: ["Zapraszamy do sklepu.", "Zapytaj o dostępność."],
      cta: "Napisz do nas",
      faq: [
        "Czy mogę sprawdzić dostępność?",
        "Tak. Podaj nazwę produktu w formularzu, a sprawdzimy i odpowiemy.",
      ],
    },
    "real-estate": {
      noun: "biuro nieruchomości",
      offeringsTitle: "Nieruchomości i usługi",
      offeringsIntro: "Powiedz nam, czego szukasz, a pomożemy znaleźć właściwe miejsce.",
      headline: ["Pomagamy znaleźć Twoje miejsce.", "Nieruchomości – {place}."],
      subline: "{name} to lokalne biuro, które wspiera Cię na każdym etapie przeprowadzki.",
      about:
        "Słuchamy Twoich oczekiwań i budżetu, a nasze propozycje są realistyczne. Sprzedaż lub wynajem? Też pomożemy.",
      servicesLine: "Pomagamy w sprawach: {list}.",
      highlights: [
        "Uczciwe doradztwo",
        "Znajomość okolicy",
        "Kupno, sprzedaż, wynajem",
        "Kontakt przez formularz",
      ],
      defaults: [
        ["Wynajem", "Szukamy ofert dopasowanych do Ciebie."],
        ["Kupno i sprzedaż", "Wyjaśniamy każdy krok."],
        ["Zarządzanie", "Zapytaj o opiekę nad nieruchomością."],
      ],
      itemDesc: ["Szczegóły po kontakcie.", "Powiedz nam, czego szukasz."],
      cta: "Zapytaj o nieruchomość",
      faq: [
        "Czy można umówić oglądanie?",
        "Tak. Podaj dogodne terminy w formularzu, a wszystko zorganizujemy.",
      ],
    },
    education: {
      noun: "szkoła",
      offeringsTitle: "Kursy i programy",
      offeringsIntro: "Dobieramy sposób nauki do Twoich celów i tempa.",
      headline: ["Nauka, która dodaje pewności siebie.", "Nauka z przyjemnością – {place}."],
      subline: "{name} szanuje tempo każdego ucznia i rozwija radość z nauki.",
      about:
        "Doceniamy postępy, a trudności pokonujemy razem, tak aby początkujący czuli się swobodnie od pierwszych zajęć.",
      servicesLine: "Prowadzimy: {list}.",
      highlights: [
        "Indywidualne podejście",
        "Przyjazna atmosfera",
        "Początkujący mile widziani",
        "Lekcje próbne na życzenie",
      ],
      defaults: [
        ["Kurs podstawowy", "Podstawy krok po kroku."],
        ["Kurs zaawansowany", "Dla chcących pójść dalej."],
        ["Lekcja próbna", "Zobacz, jak wyglądają zajęcia."],
      ],
      itemDesc: ["Szczegóły po kontakcie.", "Pomożemy dobrać poziom."],
      cta: "Zapisz się na lekcję próbną",
      faq: ["Czy można przyjść na lekcję próbną?", "Tak. Napisz przez formularz, a ustalimy termin."],
    },
    creative: {
      noun: "studio kreatywne",
      offeringsTitle: "Usługi",
      offeringsIntro: "Nawet luźny pomysł to dobry początek. Nadamy mu formę.",
      headline: ["Pomysły, które widać.", "Projekty, które mówią – {place}."],
      subline: "{name} zamienia Twoją markę i historię w prace, które docierają do ludzi.",
      about: "Zaczynamy od słuchania. Razem określamy cel i odbiorców, a potem tworzymy.",
      servicesLine: "Zajmujemy się: {list}.",
      highlights: [
        "Najpierw słuchamy",
        "Projekty pod Twój cel",
        "Małe zlecenia mile widziane",
        "Kontakt przez formularz",
      ],
      defaults: [
        ["Projektowanie", "Logo, druk i strony internetowe."],
        ["Fotografia i wizualizacje", "Obrazy w odpowiednim klimacie."],
        ["Kierunek marki", "Jak opowiedzieć Twoją historię."],
      ],
      itemDesc: ["Szczegóły po kontakcie.", "Według Twojego briefu."],
      cta: "Rozpocznij projekt",
      faq: ["Czy przyjmujecie małe zlecenia?", "Tak. Zapraszamy z projektami każdej wielkości."],
    },
    technology: {
      noun: "firma technologiczna",
      offeringsTitle: "Usługi",
      offeringsIntro: "Poznajemy Twoje wyzwania i proponujemy tylko to, czego naprawdę potrzebujesz.",
      headline: ["Technologia, która upraszcza pracę.", "Praktyczne IT – {place}."],
      subline: "{name} tworzy systemy i aplikacje, które odciążają codzienną pracę.",
      about: "Zaczynamy od Twoich problemów, nie od żargonu. Pomagamy także po wdrożeniu.",
      servicesLine: "Zajmujemy się: {list}.",
      highlights: [
        "Praktyczne propozycje",
        "Jasne wyjaśnienia",
        "Zacznij od małego kroku",
        "Kontakt przez formularz",
      ],
      defaults: [
        ["Systemy na zamówienie", "Narzędzia dopasowane do Twojej pracy."],
        ["Aplikacje i strony", "Proste w użyciu."],
        ["Doradztwo IT", "Co warto usprawnić najpierw."],
      ],
      itemDesc: ["Szczegóły po kontakcie.", "Dopasowane do potrzeb."],
      cta: "Porozmawiajmy",
      faq: ["Czy muszę znać się na IT?", "Nie. Wszystko wyjaśniamy prostym językiem."],
    },
    consulting: {
      noun: "firma doradcza",
      offeringsTitle: "Usługi",
      offeringsIntro: "Poznajemy Twoje wyzwania i proponujemy wsparcie dopasowane do sytuacji.",
      headline: ["Zaplanujmy razem kolejny krok.", "Zaufany partner dla firm – {place}."],
      subline: "{name} pracuje ramię w ramię z Tobą, szukając praktycznych rozwiązań.",
      about: "Poznajemy Twoją sytuację, ustalamy priorytety i proponujemy plan, który da się zrealizować.",
      servicesLine: "Wspieramy w obszarach: {list}.",
      highlights: [
        "Uważne słuchanie",
        "Praktyczne plany",
        "Małe firmy mile widziane",
        "Kontakt przez formularz",
      ],
      defaults: [
        ["Doradztwo biznesowe", "Powiedz nam, co Cię nurtuje."],
        ["Planowanie", "Cele i droga do nich."],
        ["Stałe wsparcie", "Jesteśmy z Tobą przy realizacji."],
      ],
      itemDesc: ["Szczegóły po kontakcie.", "Dopasowane do Twojej sytuacji."],
      cta: "Umów rozmowę",
      faq: [
        "Czy mogę zapytać o wszystko?",
        "Tak. Nawet jeśli pytanie nie jest jeszcze sprecyzowane, chętnie wysłuchamy.",
      ],
    },
  },
  intro: (name, noun, place) => (place ? `${name} – ${noun}, ${place}.` : `Witamy w ${name}.`),
  fallbackName: (noun, place) => {
    const title = noun.charAt(0).toUpperCase() + noun.slice(1);
    return place ? `${title} ${place}` : title;
  },
  list: (items) => (items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} i ${items.at(-1)}`),
  international: "Serdecznie zapraszamy gości z zagranicy – można pisać do nas po angielsku.",
  aboutTitle: () => "O nas",
  highlightsTitle: "Na czym nam zależy",
  faqTitle: "Najczęściej zadawane pytania",
  faqContact: [
    "Jak się z wami skontaktować?",
    "Skorzystaj z formularza na dole strony. Przeczytamy wiadomość i odpowiemy.",
  ],
  faqHours: (hours) =>
    hours
      ? [
          "Jakie są godziny otwarcia?",
          `${hours}. Godziny mogą się zmieniać, więc w razie wątpliwości zapytaj.`,
        ]
      : ["Jakie są godziny otwarcia?", "Zapytaj nas przez formularz kontaktowy."],
  faqLanguage: ["Czy można pisać po angielsku?", "Tak, wiadomości po angielsku są mile widziane."],
  access: {
    title: "Dojazd i godziny",
    address: "Adres",
    hours: "Godziny otwarcia",
    phone: "Telefon",
    email: "E-mail",
  },
  accessNote: (place, hasAddress) =>
    hasAddress
      ? "Jeśli potrzebujesz wskazówek dojazdu, napisz do nas."
      : place
        ? `Znajdziesz nas w okolicy: ${place}. O dokładną lokalizację zapytaj.`
        : "O lokalizację i dojazd zapytaj przez formularz.",
  contact: {
    title: "Kontakt",
    intro: (hasPhone) =>
      hasPhone
        ? "Masz pytanie? Zadzwoń lub napisz przez formularz poniżej."
        : "Masz pytanie? Napisz przez formularz poniżej.",
    name: "Imię i nazwisko",
    email: "E-mail",
    company: "Firma (opcjonalnie)",
    message: "Wiadomość",
    submit: "Wyślij",
    consent: "Chcę otrzymywać wiadomości e-mail (nowości, oferty). Najpierw wyślemy e-mail z potwierdzeniem.",
    privacy: "Twoje dane wykorzystamy wyłącznie do odpowiedzi na wiadomość.",
    thanksTitle: "Dziękujemy za wiadomość",
    thanksText: "Otrzymaliśmy Twoją wiadomość i wkrótce odpowiemy.",
    back: "Wróć na stronę główną",
  },
  formProblem: {
    title: "Wiadomość nie została wysłana",
    invalid: "Sprawdź formularz: popraw poniższe pola i wyślij go ponownie.",
    refused: "Nie udało się potwierdzić, że wiadomość wysłano z tej strony. Sprawdź ją i wyślij ponownie.",
    tooMany: "W krótkim czasie wysłano wiele wiadomości. Odczekaj chwilę i wyślij ponownie.",
    fields: {
      name: "Podaj imię i nazwisko (do 100 znaków).",
      email: "Podaj poprawny adres e-mail.",
      company: "Nazwa firmy może mieć do 200 znaków.",
      message: "Wpisz treść wiadomości (do 5000 znaków).",
    },
  },
  nav: { about: "O nas", faq: "FAQ", access: "Dojazd", contact: "Kontakt" },
  skipLink: "Przejdź do treści",
  languageLabel: "Język",
  hours: (ranges, closed, everyDay) =>
    formatHours(ranges, closed, everyDay, {
      days: ["niedziela", "poniedziałek", "wtorek", "środa", "czwartek", "piątek", "sobota"],
      holidays: "święta",
      closed: "Nieczynne: ",
      everyDay: "Otwarte codziennie",
      dash: "–",
      join: ", ",
    }),
  separator: ", ",
};
