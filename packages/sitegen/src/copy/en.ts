import { formatHours } from "./hours.ts";
import type { TLexicon } from "./types.ts";

export const en: TLexicon = {
  industries: {
    restaurant: {
      noun: "restaurant",
      offeringsTitle: "Menu",
      offeringsIntro: "Dishes may change with the season. Please ask us about today's choices.",
      headline: ["Good food, made with care.", "A warm table in {place}."],
      subline: "{name} is a relaxed place to eat, whether you come alone, with family or with friends.",
      about: "Every dish is prepared with care. First-time guests and regulars are welcomed just the same.",
      servicesLine: "On the menu: {list}.",
      highlights: [
        "Made with care",
        "A relaxed, friendly room",
        "Solo diners welcome",
        "Book or ask through our form",
      ],
      defaults: [
        ["Food", "Ask us about today's dishes."],
        ["Drinks", "Something to go with your meal."],
        ["Reservations", "Tell us the date and the size of your group."],
      ],
      itemDesc: ["Come and try it.", "Ask us for details."],
      cta: "Book or ask a question",
      faq: [
        "Can I make a reservation?",
        "Yes. Send us the date, time and number of guests with the form below and we will get back to you.",
      ],
    },
    legal: {
      noun: "law office",
      offeringsTitle: "Practice areas",
      offeringsIntro: "After hearing your situation we explain the options and what the work will involve.",
      headline: ["Clear, honest advice when it matters.", "Legal advice you can trust in {place}."],
      subline: "{name} helps you make sense of legal problems and find a way forward.",
      about:
        "We listen carefully and explain things in plain language. Everything you tell us is kept confidential.",
      servicesLine: "We advise on {list}.",
      highlights: [
        "Plain-language advice",
        "Strict confidentiality",
        "Enquiries by online form",
        "A clear way forward",
      ],
      defaults: [
        ["Legal consultation", "Tell us what you are facing."],
        ["Documents and contracts", "Drafting and review of your documents."],
        ["Negotiation and procedures", "We act on your behalf."],
      ],
      itemDesc: ["Contact us for details.", "We will suggest the best way forward."],
      cta: "Request a consultation",
      faq: ["Is my consultation confidential?", "Yes. What you share with us stays between you and us."],
    },
    healthcare: {
      noun: "clinic",
      offeringsTitle: "Services",
      offeringsIntro: "If something worries you, please do not hesitate to ask us.",
      headline: ["Caring for our community.", "Your local clinic in {place}."],
      subline: "{name} takes time to listen and offers careful, attentive care.",
      about: "We explain every step so that you understand your treatment. No question is too small.",
      servicesLine: "We offer {list}.",
      highlights: [
        "Clear explanations",
        "A clean, calm clinic",
        "For children and adults",
        "Appointments through our form",
      ],
      defaults: [
        ["General consultations", "Tell us about your symptoms."],
        ["Treatment advice", "We explain your options clearly."],
        ["Regular care", "Care that helps you stay well."],
      ],
      itemDesc: ["Contact us for details.", "We will guide you based on your needs."],
      cta: "Book or ask a question",
      faq: [
        "Can new patients visit?",
        "Yes, new patients are welcome. Contacting us through the form first makes your visit smoother.",
      ],
    },
    finance: {
      noun: "accounting office",
      offeringsTitle: "Services",
      offeringsIntro: "We suggest the support that fits the size and needs of your business.",
      headline: ["Numbers you can stop worrying about.", "A trusted adviser for businesses in {place}."],
      subline: "{name} makes tax and accounting simple, so you can focus on your work.",
      about: "We avoid jargon and tell you clearly what needs doing and when.",
      servicesLine: "We help with {list}.",
      highlights: [
        "Plain explanations",
        "Small businesses welcome",
        "Strict confidentiality",
        "Enquiries by online form",
      ],
      defaults: [
        ["Tax advice", "From everyday questions to filing."],
        ["Bookkeeping support", "Less time spent on the books."],
        ["Business planning", "Plans grounded in your numbers."],
      ],
      itemDesc: ["Contact us for details.", "Tailored to your situation."],
      cta: "Get in touch",
      faq: ["Do you work with sole traders?", "Yes. Sole traders and small companies are very welcome."],
    },
    retail: {
      noun: "shop",
      offeringsTitle: "Products",
      offeringsIntro: "Stock changes from time to time. Just ask if you are looking for something.",
      headline: ["Find something you'll love.", "Your neighbourhood shop in {place}."],
      subline: "{name} brings together things that make everyday life a little brighter.",
      about:
        "Every item is chosen with care, and you are welcome to take your time. Ask us about gifts, too.",
      servicesLine: "We carry {list}.",
      highlights: [
        "A carefully chosen range",
        "Gift advice",
        "Take your time browsing",
        "Ask about stock online",
      ],
      defaults: [
        ["Everyday favourites", "The classics, always on hand."],
        ["Seasonal picks", "Items for the time of year."],
        ["Gift advice", "We help you find the right present."],
      ],
      itemDesc: ["Come and see it in the shop.", "Ask us about availability."],
      cta: "Contact us",
      faq: [
        "Can I check if something is in stock?",
        "Yes. Tell us the item through the form and we will check and reply.",
      ],
    },
    "real-estate": {
      noun: "real estate agency",
      offeringsTitle: "Properties & services",
      offeringsIntro: "Tell us what you need and we will help you find the right place.",
      headline: ["Helping you find your place.", "Homes and property in {place}."],
      subline: "{name} is a local agency that supports you at every step of your move.",
      about:
        "We listen to your wishes and budget and make realistic suggestions. Selling or letting? Ask us too.",
      servicesLine: "We can help with {list}.",
      highlights: [
        "Honest, personal advice",
        "Local knowledge",
        "Buy, sell or rent",
        "Enquiries by online form",
      ],
      defaults: [
        ["Rentals", "We search for places that match your needs."],
        ["Buying and selling", "We explain each step of the process."],
        ["Property management", "Ask us about looking after your property."],
      ],
      itemDesc: ["Contact us for details.", "Tell us what you are looking for."],
      cta: "Ask about a property",
      faq: [
        "Can I arrange a viewing?",
        "Yes. Send us your preferred dates through the form and we will arrange it.",
      ],
    },
    education: {
      noun: "school",
      offeringsTitle: "Courses & programs",
      offeringsIntro: "We suggest a way of learning that fits your goals and pace.",
      headline: ["Learning that builds confidence.", "Enjoy learning in {place}."],
      subline: "{name} respects each learner's pace and helps a love of learning grow.",
      about:
        "We celebrate progress and work through difficulties together, so beginners feel at home from the first lesson.",
      servicesLine: "We offer {list}.",
      highlights: [
        "Teaching tailored to each learner",
        "A friendly atmosphere",
        "Beginners welcome",
        "Trial lessons on request",
      ],
      defaults: [
        ["Foundation course", "Learn the basics step by step."],
        ["Advanced course", "For those who want to go further."],
        ["Trial and visits", "Come and see what a lesson is like."],
      ],
      itemDesc: ["Contact us for details.", "We will guide you to the right level."],
      cta: "Book a trial or visit",
      faq: ["Can I visit or try a lesson?", "Yes. Tell us through the form and we will arrange a date."],
    },
    creative: {
      noun: "creative studio",
      offeringsTitle: "Services",
      offeringsIntro: "Even a rough idea is a fine place to start. We shape it to fit your goal.",
      headline: ["Ideas, made visible.", "Design that speaks, from {place}."],
      subline: "{name} turns your brand and your story into work that reaches people.",
      about: "We start by listening, then clarify your goal and audience together before we create.",
      servicesLine: "We work on {list}.",
      highlights: [
        "We listen first",
        "Work shaped to your goal",
        "Small projects welcome",
        "Enquiries by online form",
      ],
      defaults: [
        ["Design", "Logos, print and web design."],
        ["Photography and visuals", "Imagery that sets the right mood."],
        ["Brand direction", "Finding how to tell your story."],
      ],
      itemDesc: ["Contact us for details.", "Made to your brief."],
      cta: "Start a project",
      faq: ["Do you take small projects?", "Yes. Projects of any size are welcome."],
    },
    technology: {
      noun: "technology company",
      offeringsTitle: "Services",
      offeringsIntro: "We listen to your challenges and propose only what you really need.",
      headline: ["Technology that makes work simpler.", "Practical IT from {place}."],
      subline: "{name} builds systems and apps that take the hassle out of daily work.",
      about: "We start from the problems you face, not from jargon, and we are there after launch too.",
      servicesLine: "We work on {list}.",
      highlights: [
        "Practical proposals",
        "Clear explanations",
        "Start small, grow later",
        "Enquiries by online form",
      ],
      defaults: [
        ["System development", "Tools built around how you work."],
        ["Apps and websites", "Designed to be easy to use."],
        ["IT advice", "Find what to improve first."],
      ],
      itemDesc: ["Contact us for details.", "Tailored to your needs."],
      cta: "Talk to us",
      faq: ["Do I need to know a lot about IT?", "Not at all. We explain everything in plain language."],
    },
    consulting: {
      noun: "consultancy",
      offeringsTitle: "Services",
      offeringsIntro: "We listen to your challenges and suggest support that fits your situation.",
      headline: ["Let's plan your next step together.", "A trusted partner for businesses in {place}."],
      subline: "{name} works alongside you to find practical answers to business challenges.",
      about:
        "We take time to understand where you are, set clear priorities and propose a plan you can actually carry out.",
      servicesLine: "We support {list}.",
      highlights: [
        "Careful listening",
        "Practical plans",
        "Small businesses welcome",
        "Enquiries by online form",
      ],
      defaults: [
        ["Business advice", "Tell us what is on your mind."],
        ["Planning support", "Set goals and a path to reach them."],
        ["Ongoing support", "We stay with you as you act."],
      ],
      itemDesc: ["Contact us for details.", "Tailored to your situation."],
      cta: "Book a conversation",
      faq: [
        "Can I ask about anything?",
        "Yes. Even if your question is not fully formed yet, we are happy to listen.",
      ],
    },
  },
  intro: (name, noun, place) => (place ? `${name} is a ${noun} in ${place}.` : `Welcome to ${name}.`),
  fallbackName: (noun, place) => {
    const title = noun.replace(/\b\p{L}/gu, (c) => c.toUpperCase());
    return place ? `${place} ${title}` : title;
  },
  list: (items) =>
    items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} and ${items.at(-1)}`,
  international: "International guests are very welcome, and you can contact us in English.",
  aboutTitle: (name) => `About ${name}`,
  highlightsTitle: "What we care about",
  faqTitle: "Frequently asked questions",
  faqContact: [
    "How do I get in touch?",
    "Use the form at the bottom of this page. We will read your message and reply.",
  ],
  faqHours: (hours) =>
    hours
      ? ["What are your opening hours?", `${hours}. Hours can change, so feel free to check with us.`]
      : ["What are your opening hours?", "Please ask us through the contact form."],
  faqLanguage: ["Can I contact you in English?", "Yes, messages in English are welcome. Just use the form."],
  access: {
    title: "Access & hours",
    address: "Address",
    hours: "Opening hours",
    phone: "Phone",
    email: "Email",
  },
  accessNote: (place, hasAddress) =>
    hasAddress
      ? "If you need directions, just ask us."
      : place
        ? `We are in the ${place} area. Please ask us for directions.`
        : "Please ask us for our location and directions.",
  contact: {
    title: "Contact",
    intro: (hasPhone) =>
      hasPhone
        ? "Questions or requests? Call us or send a message with the form below."
        : "Questions or requests? Send us a message with the form below.",
    name: "Name",
    email: "Email",
    company: "Company (optional)",
    message: "Message",
    submit: "Send message",
    consent: "Send me news by email (new products, offers). We will email you to confirm first.",
    privacy: "We use your details only to reply to your message.",
    thanksTitle: "Thank you for your message",
    thanksText: "We have received your message and will get back to you soon.",
    back: "Back to the home page",
  },
  formProblem: {
    title: "Your message was not sent",
    invalid: "Please check the form: correct the fields below and send it again.",
    refused:
      "We could not confirm that this message was sent from this site. Please check it and send it again.",
    tooMany: "Many messages were sent in a short time. Please wait a while and send it again.",
    fields: {
      name: "Please enter your name (up to 100 characters).",
      email: "Please enter a valid email address.",
      company: "The company name can be up to 200 characters.",
      message: "Please enter your message (up to 5000 characters).",
    },
  },
  nav: { about: "About", faq: "FAQ", access: "Access", contact: "Contact" },
  skipLink: "Skip to content",
  languageLabel: "Language",
  hours: (ranges, closed, everyDay) =>
    formatHours(ranges, closed, everyDay, {
      days: ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"],
      holidays: "public holidays",
      closed: "Closed: ",
      everyDay: "Open every day",
      dash: "–",
      join: ", ",
    }),
  separator: ", ",
};
