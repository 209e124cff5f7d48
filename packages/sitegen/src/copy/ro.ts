import { formatHours } from "./hours.ts";
import type { TLexicon } from "./types.ts";

export const ro: TLexicon = {
  industries: {
    restaurant: {
      noun: "restaurant",
      offeringsTitle: "Meniu",
      offeringsIntro: "Preparatele se pot schimba în funcție de sezon. Întrebați-ne ce avem azi.",
      headline: ["Mâncare bună, gătită cu grijă.", "O masă caldă în {place}."],
      subline: "{name} este un loc primitor, fie că veniți singuri, cu familia sau cu prietenii.",
      about: "Pregătim fiecare fel cu grijă. Oaspeții noi și cei obișnuiți sunt primiți la fel de călduros.",
      servicesLine: "În meniu: {list}.",
      highlights: [
        "Gătit cu grijă",
        "Atmosferă relaxată",
        "Bine ați venit și singuri",
        "Rezervări prin formular",
      ],
      defaults: [
        ["Preparate", "Întrebați-ne despre felurile zilei."],
        ["Băuturi", "Ceva potrivit lângă masă."],
        ["Rezervări", "Spuneți-ne data și numărul de persoane."],
      ],
      itemDesc: ["Vă invităm să gustați.", "Detalii la restaurant."],
      cta: "Rezervări și întrebări",
      faq: [
        "Pot face o rezervare?",
        "Da. Trimiteți-ne prin formular data, ora și numărul de persoane și vă răspundem.",
      ],
    },
    legal: {
      noun: "cabinet de avocatură",
      offeringsTitle: "Domenii de practică",
      offeringsIntro: "După ce vă ascultăm situația, vă explicăm opțiunile și pașii următori.",
      headline: ["Consiliere juridică clară și onestă.", "Consiliere juridică de încredere în {place}."],
      subline: "{name} vă ajută să înțelegeți problemele juridice și să găsiți o soluție.",
      about:
        "Ascultăm cu atenție și explicăm totul pe înțelesul tuturor. Tot ce ne spuneți rămâne confidențial.",
      servicesLine: "Oferim consultanță în: {list}.",
      highlights: [
        "Explicații clare",
        "Confidențialitate deplină",
        "Solicitări prin formular",
        "Un plan clar de acțiune",
      ],
      defaults: [
        ["Consultanță juridică", "Spuneți-ne cu ce vă confruntați."],
        ["Contracte și documente", "Redactare și verificare."],
        ["Negocieri și proceduri", "Vă reprezentăm interesele."],
      ],
      itemDesc: ["Contactați-ne pentru detalii.", "Vă propunem cea mai bună cale."],
      cta: "Solicitați o consultanță",
      faq: ["Discuția este confidențială?", "Da. Tot ce ne spuneți rămâne între noi."],
    },
    healthcare: {
      noun: "clinică",
      offeringsTitle: "Servicii medicale",
      offeringsIntro: "Dacă ceva vă îngrijorează, nu ezitați să ne întrebați.",
      headline: ["Grijă pentru sănătatea comunității.", "Clinica dumneavoastră din {place}."],
      subline: "{name} își face timp să vă asculte și oferă îngrijire atentă.",
      about: "Explicăm fiecare pas al tratamentului. Nicio întrebare nu este prea mică.",
      servicesLine: "Oferim: {list}.",
      highlights: [
        "Explicații clare",
        "Un spațiu curat și liniștit",
        "Pentru copii și adulți",
        "Programări prin formular",
      ],
      defaults: [
        ["Consultații", "Spuneți-ne ce simptome aveți."],
        ["Plan de tratament", "Vă explicăm clar opțiunile."],
        ["Îngrijire regulată", "Vă ajutăm să rămâneți sănătos."],
      ],
      itemDesc: ["Contactați-ne pentru detalii.", "Adaptat nevoilor dumneavoastră."],
      cta: "Programare",
      faq: ["Primiți pacienți noi?", "Da. Dacă ne scrieți întâi prin formular, vizita va decurge mai ușor."],
    },
    finance: {
      noun: "cabinet de contabilitate",
      offeringsTitle: "Servicii",
      offeringsIntro: "Vă propunem sprijinul potrivit pentru dimensiunea și nevoile afacerii.",
      headline: ["Cifre fără griji.", "Un consultant de încredere pentru firmele din {place}."],
      subline:
        "{name} simplifică taxele și contabilitatea, ca să vă puteți concentra pe munca dumneavoastră.",
      about: "Evităm jargonul și vă spunem clar ce trebuie făcut și când.",
      servicesLine: "Vă ajutăm cu: {list}.",
      highlights: [
        "Explicații simple",
        "Firmele mici sunt binevenite",
        "Confidențialitate deplină",
        "Solicitări prin formular",
      ],
      defaults: [
        ["Consultanță fiscală", "De la întrebări curente la declarații."],
        ["Contabilitate", "Mai puțin timp pierdut cu actele."],
        ["Planificare", "Planuri bazate pe cifre."],
      ],
      itemDesc: ["Contactați-ne pentru detalii.", "Adaptat situației dumneavoastră."],
      cta: "Contactați-ne",
      faq: ["Lucrați cu PFA-uri?", "Da. PFA-urile și firmele mici sunt binevenite."],
    },
    retail: {
      noun: "magazin",
      offeringsTitle: "Produse",
      offeringsIntro: "Oferta se schimbă din când în când. Întrebați-ne dacă căutați ceva anume.",
      headline: ["Găsiți ceva ce vă place.", "Magazinul din cartier, în {place}."],
      subline: "{name} adună lucruri care fac viața de zi cu zi puțin mai frumoasă.",
      about:
        "Alegem fiecare produs cu grijă, iar dumneavoastră puteți alege în liniște. Vă ajutăm și cu cadouri.",
      servicesLine: "Avem: {list}.",
      highlights: [
        "Produse alese cu grijă",
        "Sfaturi pentru cadouri",
        "Cumpărături fără grabă",
        "Întrebări despre stoc online",
      ],
      defaults: [
        ["Produse de bază", "Favoritele de fiecare zi."],
        ["Noutăți de sezon", "Lucruri potrivite anotimpului."],
        ["Cadouri", "Vă ajutăm să alegeți."],
      ],
      itemDesc: ["Vă așteptăm în magazin.", "Întrebați-ne despre disponibilitate."],
      cta: "Scrieți-ne",
      faq: [
        "Pot verifica dacă un produs este în stoc?",
        "Da. Spuneți-ne produsul prin formular și vă răspundem.",
      ],
    },
    "real-estate": {
      noun: "agenție imobiliară",
      offeringsTitle: "Proprietăți și servicii",
      offeringsIntro: "Spuneți-ne ce căutați și vă ajutăm să găsiți locul potrivit.",
      headline: ["Vă ajutăm să vă găsiți locul.", "Locuințe și proprietăți în {place}."],
      subline: "{name} este o agenție locală care vă sprijină la fiecare pas.",
      about:
        "Ascultăm dorințele și bugetul dumneavoastră și facem propuneri realiste. Vindeți sau închiriați? Vă ajutăm și aici.",
      servicesLine: "Vă putem ajuta cu: {list}.",
      highlights: [
        "Sfaturi oneste",
        "Cunoaștem zona",
        "Cumpărare, vânzare, închiriere",
        "Solicitări prin formular",
      ],
      defaults: [
        ["Închirieri", "Căutăm ce vi se potrivește."],
        ["Cumpărare și vânzare", "Vă explicăm fiecare pas."],
        ["Administrare", "Întrebați-ne despre administrarea proprietății."],
      ],
      itemDesc: ["Contactați-ne pentru detalii.", "Spuneți-ne ce căutați."],
      cta: "Întrebați despre o proprietate",
      faq: [
        "Pot programa o vizionare?",
        "Da. Trimiteți-ne prin formular datele preferate și organizăm vizionarea.",
      ],
    },
    education: {
      noun: "școală",
      offeringsTitle: "Cursuri și programe",
      offeringsIntro: "Vă propunem un mod de învățare potrivit obiectivelor și ritmului dumneavoastră.",
      headline: ["Învățare care aduce încredere.", "Bucuria de a învăța, în {place}."],
      subline: "{name} respectă ritmul fiecărui cursant și cultivă plăcerea de a învăța.",
      about:
        "Apreciem progresul și depășim dificultățile împreună, ca începătorii să se simtă bine încă de la prima lecție.",
      servicesLine: "Oferim: {list}.",
      highlights: [
        "Predare adaptată",
        "Atmosferă prietenoasă",
        "Începătorii sunt bineveniți",
        "Lecții de probă la cerere",
      ],
      defaults: [
        ["Curs de bază", "Noțiunile de bază, pas cu pas."],
        ["Curs avansat", "Pentru cei care vor să meargă mai departe."],
        ["Lecție de probă", "Vedeți cum arată o lecție."],
      ],
      itemDesc: ["Contactați-ne pentru detalii.", "Vă ajutăm să alegeți nivelul."],
      cta: "Programați o lecție de probă",
      faq: ["Pot participa la o lecție de probă?", "Da. Scrieți-ne prin formular și stabilim o dată."],
    },
    creative: {
      noun: "studio creativ",
      offeringsTitle: "Servicii",
      offeringsIntro: "Chiar și o idee vagă este un început bun. O transformăm într-o formă potrivită.",
      headline: ["Idei care se văd.", "Design care comunică, din {place}."],
      subline: "{name} transformă brandul și povestea dumneavoastră în lucrări care ajung la oameni.",
      about: "Începem prin a asculta, clarificăm împreună scopul și publicul, apoi creăm.",
      servicesLine: "Lucrăm la: {list}.",
      highlights: [
        "Întâi ascultăm",
        "Lucrări adaptate scopului",
        "Proiecte mici binevenite",
        "Solicitări prin formular",
      ],
      defaults: [
        ["Design", "Logo, tipar și web."],
        ["Fotografie și vizual", "Imagini cu atmosfera potrivită."],
        ["Direcție de brand", "Cum să vă spuneți povestea."],
      ],
      itemDesc: ["Contactați-ne pentru detalii.", "Realizat după brief-ul dumneavoastră."],
      cta: "Începeți un proiect",
      faq: ["Acceptați proiecte mici?", "Da. Proiectele de orice dimensiune sunt binevenite."],
    },
    technology: {
      noun: "companie de tehnologie",
      offeringsTitle: "Servicii",
      offeringsIntro: "Ascultăm provocările dumneavoastră și propunem doar ce vă trebuie cu adevărat.",
      headline: ["Tehnologie care simplifică munca.", "IT practic, din {place}."],
      subline: "{name} construiește sisteme și aplicații care ușurează munca de zi cu zi.",
      about: "Pornim de la problemele reale, nu de la jargon, și rămânem alături și după lansare.",
      servicesLine: "Lucrăm la: {list}.",
      highlights: [
        "Propuneri practice",
        "Explicații clare",
        "Începeți cu pași mici",
        "Solicitări prin formular",
      ],
      defaults: [
        ["Dezvoltare de sisteme", "Instrumente construite pentru modul în care lucrați."],
        ["Aplicații și site-uri", "Ușor de folosit."],
        ["Consultanță IT", "Ce merită îmbunătățit întâi."],
      ],
      itemDesc: ["Contactați-ne pentru detalii.", "Adaptat nevoilor dumneavoastră."],
      cta: "Discutați cu noi",
      faq: ["Trebuie să mă pricep la IT?", "Deloc. Explicăm totul pe înțeles."],
    },
    consulting: {
      noun: "firmă de consultanță",
      offeringsTitle: "Servicii",
      offeringsIntro: "Ascultăm provocările dumneavoastră și propunem sprijinul potrivit.",
      headline: [
        "Să plănuim împreună pasul următor.",
        "Un partener de încredere pentru firmele din {place}.",
      ],
      subline: "{name} lucrează alături de dumneavoastră pentru soluții practice.",
      about: "Înțelegem situația, stabilim priorități clare și propunem un plan realizabil.",
      servicesLine: "Oferim sprijin pentru: {list}.",
      highlights: [
        "Ascultare atentă",
        "Planuri practice",
        "Firmele mici sunt binevenite",
        "Solicitări prin formular",
      ],
      defaults: [
        ["Consultanță de afaceri", "Spuneți-ne ce vă preocupă."],
        ["Planificare", "Obiective și drumul spre ele."],
        ["Sprijin continuu", "Suntem alături în implementare."],
      ],
      itemDesc: ["Contactați-ne pentru detalii.", "Adaptat situației dumneavoastră."],
      cta: "Programați o discuție",
      faq: ["Pot întreba orice?", "Da. Chiar dacă întrebarea nu este încă clară, vă ascultăm cu plăcere."],
    },
  },
  intro: (name, noun, place) => (place ? `${name} – ${noun} în ${place}.` : `Bine ați venit la ${name}.`),
  fallbackName: (noun, place) => {
    const title = noun.charAt(0).toUpperCase() + noun.slice(1);
    return place ? `${title} ${place}` : title;
  },
  list: (items) =>
    items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} și ${items.at(-1)}`,
  international: "Oaspeții internaționali sunt bineveniți – ne puteți scrie și în engleză.",
  aboutTitle: () => "Despre noi",
  highlightsTitle: "Ce contează pentru noi",
  faqTitle: "Întrebări frecvente",
  faqContact: [
    "Cum vă pot contacta?",
    "Folosiți formularul de la finalul paginii. Vă citim mesajul și vă răspundem.",
  ],
  faqHours: (hours) =>
    hours
      ? ["Care este programul?", `${hours}. Programul se poate schimba, așa că nu ezitați să ne întrebați.`]
      : ["Care este programul?", "Întrebați-ne prin formularul de contact."],
  faqLanguage: ["Vă pot scrie în engleză?", "Da, mesajele în engleză sunt binevenite."],
  access: {
    title: "Locație și program",
    address: "Adresă",
    hours: "Program",
    phone: "Telefon",
    email: "E-mail",
  },
  accessNote: (place, hasAddress) =>
    hasAddress
      ? "Dacă aveți nevoie de indicații, scrieți-ne."
      : place
        ? `Ne găsiți în zona ${place}. Întrebați-ne pentru locația exactă.`
        : "Întrebați-ne prin formular despre locație și cum ajungeți.",
  contact: {
    title: "Contact",
    intro: (hasPhone) =>
      hasPhone
        ? "Aveți o întrebare? Sunați-ne sau scrieți-ne prin formularul de mai jos."
        : "Aveți o întrebare? Scrieți-ne prin formularul de mai jos.",
    name: "Nume",
    email: "E-mail",
    company: "Companie (opțional)",
    message: "Mesaj",
    submit: "Trimite",
    consent:
      "Vreau să primesc noutăți prin e-mail (produse noi, oferte). Vă trimitem mai întâi un e-mail de confirmare.",
    privacy: "Folosim datele dumneavoastră doar pentru a vă răspunde.",
    thanksTitle: "Vă mulțumim pentru mesaj",
    thanksText: "Am primit mesajul dumneavoastră și vă vom răspunde în curând.",
    back: "Înapoi la pagina principală",
  },
  formProblem: {
    title: "Mesajul nu a fost trimis",
    invalid: "Verificați formularul: corectați câmpurile de mai jos și trimiteți-l din nou.",
    refused:
      "Nu am putut confirma că mesajul a fost trimis de pe acest site. Verificați-l și trimiteți-l din nou.",
    tooMany: "Au fost trimise multe mesaje într-un timp scurt. Așteptați puțin și trimiteți din nou.",
    fields: {
      name: "Introduceți numele (cel mult 100 de caractere).",
      email: "Introduceți o adresă de e-mail validă.",
      company: "Numele companiei poate avea cel mult 200 de caractere.",
      message: "Introduceți mesajul (cel mult 5000 de caractere).",
    },
  },
  nav: { about: "Despre noi", faq: "Întrebări", access: "Locație", contact: "Contact" },
  skipLink: "Salt la conținut",
  languageLabel: "Limbă",
  hours: (ranges, closed, everyDay) =>
    formatHours(ranges, closed, everyDay, {
      days: ["duminică", "luni", "marți", "miercuri", "joi", "vineri", "sâmbătă"],
      holidays: "sărbători legale",
      closed: "Închis: ",
      everyDay: "Deschis zilnic",
      dash: "–",
      join: ", ",
    }),
  separator: ", ",
};
