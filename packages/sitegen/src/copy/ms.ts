import { formatHours } from "./hours.ts";
import type { TLexicon } from "./types.ts";

export const ms: TLexicon = {
  industries: {
    restaurant: {
      noun: "restoran",
      offeringsTitle: "Menu",
      offeringsIntro: "Hidangan mungkin berubah mengikut musim. Tanyakan kepada kami menu hari ini.",
      headline: ["Makanan sedap, disediakan dengan teliti.", "Tempat makan yang mesra di {place}."],
      subline: "{name} ialah tempat santai untuk menjamu selera, bersendirian, bersama keluarga atau rakan.",
      about: "Setiap hidangan disediakan dengan teliti. Pelanggan baharu dan tetap disambut dengan mesra.",
      servicesLine: "Dalam menu kami: {list}.",
      highlights: [
        "Disediakan dengan teliti",
        "Suasana santai dan mesra",
        "Datang seorang pun dialu-alukan",
        "Tempahan melalui borang",
      ],
      defaults: [
        ["Hidangan", "Tanyakan hidangan hari ini."],
        ["Minuman", "Pelengkap untuk hidangan anda."],
        ["Tempahan", "Beritahu kami tarikh dan bilangan orang."],
      ],
      itemDesc: ["Silakan cuba.", "Tanyakan butirannya kepada kami."],
      cta: "Tempah atau bertanya",
      faq: [
        "Bolehkah saya membuat tempahan?",
        "Boleh. Hantarkan tarikh, masa dan bilangan orang melalui borang di bawah, dan kami akan menghubungi anda.",
      ],
    },
    legal: {
      noun: "firma guaman",
      offeringsTitle: "Bidang amalan",
      offeringsIntro: "Selepas mendengar keadaan anda, kami terangkan pilihan dan langkah seterusnya.",
      headline: ["Nasihat undang-undang yang jelas dan jujur.", "Nasihat guaman yang dipercayai di {place}."],
      subline: "{name} membantu anda memahami masalah undang-undang dan mencari jalan penyelesaian.",
      about:
        "Kami mendengar dengan teliti dan menerangkan dalam bahasa yang mudah. Semua maklumat dirahsiakan.",
      servicesLine: "Kami memberi nasihat tentang {list}.",
      highlights: [
        "Penerangan yang mudah difahami",
        "Kerahsiaan terjamin",
        "Pertanyaan melalui borang",
        "Langkah seterusnya yang jelas",
      ],
      defaults: [
        ["Konsultasi guaman", "Ceritakan masalah anda."],
        ["Kontrak dan dokumen", "Penyediaan dan semakan dokumen."],
        ["Rundingan dan prosedur", "Kami bertindak bagi pihak anda."],
      ],
      itemDesc: ["Hubungi kami untuk butiran.", "Kami cadangkan jalan terbaik."],
      cta: "Mohon konsultasi",
      faq: ["Adakah konsultasi dirahsiakan?", "Ya. Apa yang anda kongsi kekal antara anda dan kami."],
    },
    healthcare: {
      noun: "klinik",
      offeringsTitle: "Perkhidmatan",
      offeringsIntro: "Jika ada yang merisaukan anda, jangan segan untuk bertanya.",
      headline: ["Menjaga kesihatan komuniti kami.", "Klinik kejiranan anda di {place}."],
      subline: "{name} meluangkan masa untuk mendengar dan memberi rawatan yang teliti.",
      about: "Kami menerangkan setiap langkah rawatan. Tiada soalan yang terlalu kecil.",
      servicesLine: "Kami menawarkan {list}.",
      highlights: [
        "Penerangan yang jelas",
        "Klinik yang bersih dan tenang",
        "Untuk kanak-kanak dan dewasa",
        "Temu janji melalui borang",
      ],
      defaults: [
        ["Konsultasi am", "Ceritakan simptom anda."],
        ["Nasihat rawatan", "Pilihan diterangkan dengan jelas."],
        ["Penjagaan berkala", "Membantu anda kekal sihat."],
      ],
      itemDesc: ["Hubungi kami untuk butiran.", "Disesuaikan dengan keperluan anda."],
      cta: "Buat temu janji",
      faq: [
        "Adakah pesakit baharu diterima?",
        "Ya. Menghubungi kami melalui borang terlebih dahulu memudahkan lawatan anda.",
      ],
    },
    finance: {
      noun: "firma perakaunan",
      offeringsTitle: "Perkhidmatan",
      offeringsIntro: "Kami mencadangkan sokongan yang sesuai dengan saiz dan keperluan perniagaan anda.",
      headline: ["Urusan kewangan tanpa rasa risau.", "Penasihat dipercayai untuk perniagaan di {place}."],
      subline: "{name} memudahkan urusan cukai dan perakaunan supaya anda boleh fokus pada kerja.",
      about: "Kami elakkan istilah teknikal dan terangkan dengan jelas apa yang perlu dibuat dan bila.",
      servicesLine: "Kami membantu dalam {list}.",
      highlights: [
        "Penerangan mudah",
        "Perniagaan kecil dialu-alukan",
        "Kerahsiaan terjamin",
        "Pertanyaan melalui borang",
      ],
      defaults: [
        ["Nasihat cukai", "Daripada soalan harian hingga penyerahan."],
        ["Simpan kira", "Kurangkan masa mengurus akaun."],
        ["Perancangan perniagaan", "Rancangan berdasarkan angka."],
      ],
      itemDesc: ["Hubungi kami untuk butiran.", "Disesuaikan dengan keadaan anda."],
      cta: "Hubungi kami",
      faq: ["Adakah anda membantu peniaga kecil?", "Ya. Peniaga kecil dan syarikat kecil amat dialu-alukan."],
    },
    retail: {
      noun: "kedai",
      offeringsTitle: "Produk",
      offeringsIntro: "Stok berubah dari semasa ke semasa. Tanyakan jika anda mencari sesuatu.",
      headline: ["Temui sesuatu yang anda suka.", "Kedai kejiranan anda di {place}."],
      subline: "{name} menghimpunkan barangan yang menceriakan kehidupan seharian.",
      about:
        "Setiap barangan dipilih dengan teliti dan anda boleh memilih dengan tenang. Kami juga boleh membantu memilih hadiah.",
      servicesLine: "Kami menjual {list}.",
      highlights: [
        "Pilihan yang teliti",
        "Nasihat memilih hadiah",
        "Membeli-belah dengan tenang",
        "Tanya stok dalam talian",
      ],
      defaults: [
        ["Barangan harian", "Pilihan kegemaran setiap hari."],
        ["Pilihan bermusim", "Barangan mengikut musim."],
        ["Hadiah", "Kami bantu anda memilih."],
      ],
      itemDesc: ["Datanglah melihat di kedai.", "Tanyakan tentang stok."],
      cta: "Hubungi kami",
      faq: [
        "Bolehkah saya semak stok?",
        "Boleh. Beritahu nama barangan melalui borang dan kami akan membalas.",
      ],
    },
    "real-estate": {
      noun: "agensi hartanah",
      offeringsTitle: "Hartanah & perkhidmatan",
      offeringsIntro: "Beritahu kami keperluan anda dan kami bantu mencari tempat yang sesuai.",
      headline: ["Membantu anda mencari tempat yang sesuai.", "Rumah dan hartanah di {place}."],
      subline: "{name} ialah agensi tempatan yang menyokong anda pada setiap langkah.",
      about:
        "Kami mendengar kehendak dan bajet anda serta memberi cadangan yang realistik. Mahu menjual atau menyewakan? Tanya kami juga.",
      servicesLine: "Kami boleh membantu dengan {list}.",
      highlights: [
        "Nasihat jujur",
        "Pengetahuan tempatan",
        "Beli, jual atau sewa",
        "Pertanyaan melalui borang",
      ],
      defaults: [
        ["Sewaan", "Kami cari yang sesuai untuk anda."],
        ["Jual beli", "Setiap langkah diterangkan."],
        ["Pengurusan hartanah", "Tanyakan tentang penjagaan hartanah anda."],
      ],
      itemDesc: ["Hubungi kami untuk butiran.", "Beritahu apa yang anda cari."],
      cta: "Tanya tentang hartanah",
      faq: [
        "Bolehkah saya melihat hartanah?",
        "Boleh. Hantarkan tarikh pilihan melalui borang dan kami akan aturkan.",
      ],
    },
    education: {
      noun: "pusat pendidikan",
      offeringsTitle: "Kursus & program",
      offeringsIntro: "Kami cadangkan cara belajar yang sesuai dengan matlamat dan rentak anda.",
      headline: ["Belajar dengan yakin.", "Seronok belajar di {place}."],
      subline: "{name} menghormati rentak setiap pelajar dan memupuk minat untuk belajar.",
      about:
        "Kami menghargai setiap kemajuan dan mengatasi kesukaran bersama, supaya pemula pun selesa sejak kelas pertama.",
      servicesLine: "Kami menawarkan {list}.",
      highlights: [
        "Pengajaran mengikut keperluan",
        "Suasana mesra",
        "Pemula dialu-alukan",
        "Kelas percubaan atas permintaan",
      ],
      defaults: [
        ["Kursus asas", "Asas langkah demi langkah."],
        ["Kursus lanjutan", "Untuk yang mahu maju lagi."],
        ["Kelas percubaan", "Lihat sendiri bagaimana kelas berjalan."],
      ],
      itemDesc: ["Hubungi kami untuk butiran.", "Kami bantu memilih tahap yang sesuai."],
      cta: "Daftar kelas percubaan",
      faq: [
        "Bolehkah saya mencuba kelas?",
        "Boleh. Beritahu kami melalui borang dan kami akan tetapkan tarikh.",
      ],
    },
    creative: {
      noun: "studio kreatif",
      offeringsTitle: "Perkhidmatan",
      offeringsIntro: "Idea kasar pun permulaan yang baik. Kami bentukkannya mengikut matlamat anda.",
      headline: ["Idea yang menjadi nyata.", "Reka bentuk yang berbicara, dari {place}."],
      subline: "{name} menjadikan jenama dan cerita anda karya yang sampai kepada orang ramai.",
      about: "Kami bermula dengan mendengar, menjelaskan matlamat dan sasaran bersama, kemudian mencipta.",
      servicesLine: "Kami mengusahakan {list}.",
      highlights: [
        "Kami mendengar dahulu",
        "Hasil mengikut matlamat",
        "Projek kecil dialu-alukan",
        "Pertanyaan melalui borang",
      ],
      defaults: [
        ["Reka bentuk", "Logo, bahan cetak dan web."],
        ["Fotografi dan visual", "Imej dengan suasana yang tepat."],
        ["Hala tuju jenama", "Cara menyampaikan cerita anda."],
      ],
      itemDesc: ["Hubungi kami untuk butiran.", "Dihasilkan mengikut taklimat anda."],
      cta: "Mulakan projek",
      faq: ["Adakah projek kecil diterima?", "Ya. Projek pelbagai saiz dialu-alukan."],
    },
    technology: {
      noun: "syarikat teknologi",
      offeringsTitle: "Perkhidmatan",
      offeringsIntro: "Kami mendengar cabaran anda dan mencadangkan hanya apa yang benar-benar diperlukan.",
      headline: ["Teknologi yang memudahkan kerja.", "IT praktikal dari {place}."],
      subline: "{name} membina sistem dan aplikasi yang meringankan kerja harian.",
      about:
        "Kami bermula daripada masalah sebenar, bukan istilah teknikal, dan terus membantu selepas pelancaran.",
      servicesLine: "Kami mengusahakan {list}.",
      highlights: [
        "Cadangan praktikal",
        "Penerangan jelas",
        "Mulakan secara kecil",
        "Pertanyaan melalui borang",
      ],
      defaults: [
        ["Pembangunan sistem", "Alat yang dibina mengikut cara anda bekerja."],
        ["Aplikasi dan laman web", "Mudah digunakan."],
        ["Nasihat IT", "Apa yang patut ditambah baik dahulu."],
      ],
      itemDesc: ["Hubungi kami untuk butiran.", "Disesuaikan dengan keperluan anda."],
      cta: "Berbincang dengan kami",
      faq: ["Perlukah saya mahir IT?", "Tidak sama sekali. Kami terangkan semuanya dengan mudah."],
    },
    consulting: {
      noun: "firma perunding",
      offeringsTitle: "Perkhidmatan",
      offeringsIntro: "Kami mendengar cabaran anda dan mencadangkan sokongan yang sesuai.",
      headline: ["Mari rancang langkah seterusnya bersama.", "Rakan dipercayai untuk perniagaan di {place}."],
      subline: "{name} bekerja bersama anda untuk mencari penyelesaian yang praktikal.",
      about:
        "Kami memahami keadaan anda, menetapkan keutamaan yang jelas dan mencadangkan pelan yang boleh dilaksanakan.",
      servicesLine: "Kami menyokong {list}.",
      highlights: [
        "Mendengar dengan teliti",
        "Pelan yang praktikal",
        "Perniagaan kecil dialu-alukan",
        "Pertanyaan melalui borang",
      ],
      defaults: [
        ["Nasihat perniagaan", "Ceritakan apa yang difikirkan."],
        ["Sokongan perancangan", "Matlamat dan cara mencapainya."],
        ["Sokongan berterusan", "Kami bersama anda semasa pelaksanaan."],
      ],
      itemDesc: ["Hubungi kami untuk butiran.", "Disesuaikan dengan keadaan anda."],
      cta: "Tetapkan perbincangan",
      faq: [
        "Bolehkah saya bertanya apa sahaja?",
        "Boleh. Walaupun soalan anda belum jelas, kami sedia mendengar.",
      ],
    },
  },
  intro: (name, noun, place) => (place ? `${name} ialah ${noun} di ${place}.` : `Selamat datang ke ${name}.`),
  fallbackName: (noun, place) => {
    const title = noun.replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase());
    return place ? `${title} ${place}` : title;
  },
  list: (items) =>
    items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} dan ${items.at(-1)}`,
  international:
    "Pelanggan antarabangsa dialu-alukan, dan anda boleh menghubungi kami dalam bahasa Inggeris.",
  aboutTitle: () => "Tentang kami",
  highlightsTitle: "Apa yang kami utamakan",
  faqTitle: "Soalan lazim",
  faqContact: [
    "Bagaimana cara menghubungi anda?",
    "Gunakan borang di bahagian bawah halaman ini. Kami akan membaca mesej anda dan membalas.",
  ],
  faqHours: (hours) =>
    hours
      ? ["Apakah waktu operasi anda?", `${hours}. Waktu boleh berubah, jadi jangan segan bertanya.`]
      : ["Apakah waktu operasi anda?", "Sila tanya kami melalui borang hubungan."],
  faqLanguage: [
    "Bolehkah saya menghubungi dalam bahasa Inggeris?",
    "Boleh, mesej dalam bahasa Inggeris dialu-alukan.",
  ],
  access: {
    title: "Lokasi & waktu",
    address: "Alamat",
    hours: "Waktu operasi",
    phone: "Telefon",
    email: "E-mel",
  },
  accessNote: (place, hasAddress) =>
    hasAddress
      ? "Jika perlukan arah, hubungi kami."
      : place
        ? `Kami berada di kawasan ${place}. Tanyakan lokasi tepat kepada kami.`
        : "Tanyakan lokasi dan arah melalui borang.",
  contact: {
    title: "Hubungi kami",
    intro: (hasPhone) =>
      hasPhone
        ? "Ada soalan? Telefon kami atau hantar mesej melalui borang di bawah."
        : "Ada soalan? Hantar mesej melalui borang di bawah.",
    name: "Nama",
    email: "E-mel",
    company: "Syarikat (pilihan)",
    message: "Mesej",
    submit: "Hantar",
    consent:
      "Hantar berita kepada saya melalui e-mel (produk baharu, tawaran). Kami akan menghantar e-mel pengesahan dahulu.",
    privacy: "Maklumat anda hanya digunakan untuk membalas mesej anda.",
    thanksTitle: "Terima kasih atas mesej anda",
    thanksText: "Kami telah menerima mesej anda dan akan membalas tidak lama lagi.",
    back: "Kembali ke laman utama",
  },
  formProblem: {
    title: "Mesej anda tidak dihantar",
    invalid: "Sila semak borang: betulkan ruangan di bawah dan hantar semula.",
    refused:
      "Kami tidak dapat mengesahkan bahawa mesej ini dihantar dari laman ini. Sila semak dan hantar semula.",
    tooMany: "Terlalu banyak mesej dihantar dalam masa yang singkat. Sila tunggu sebentar dan hantar semula.",
    fields: {
      name: "Sila masukkan nama anda (hingga 100 aksara).",
      email: "Sila masukkan alamat e-mel yang sah.",
      company: "Nama syarikat boleh mengandungi hingga 200 aksara.",
      message: "Sila masukkan mesej anda (hingga 5000 aksara).",
    },
  },
  nav: { about: "Tentang", faq: "Soalan lazim", access: "Lokasi", contact: "Hubungi" },
  skipLink: "Langkau ke kandungan",
  languageLabel: "Bahasa",
  hours: (ranges, closed, everyDay) =>
    formatHours(ranges, closed, everyDay, {
      days: ["Ahad", "Isnin", "Selasa", "Rabu", "Khamis", "Jumaat", "Sabtu"],
      holidays: "cuti umum",
      closed: "Tutup: ",
      everyDay: "Dibuka setiap hari",
      dash: "–",
      join: ", ",
    }),
  separator: ", ",
};
