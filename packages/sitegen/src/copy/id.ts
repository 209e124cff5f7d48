import { formatHours } from "./hours.ts";
import type { TLexicon } from "./types.ts";

export const id: TLexicon = {
  industries: {
    restaurant: {
      noun: "restoran",
      offeringsTitle: "Menu",
      offeringsIntro: "Hidangan bisa berubah mengikuti musim. Tanyakan menu hari ini kepada kami.",
      headline: ["Makanan enak, dibuat dengan sepenuh hati.", "Tempat makan yang hangat di {place}."],
      subline: "{name} adalah tempat santai untuk makan, sendiri, bersama keluarga, atau bersama teman.",
      about:
        "Setiap hidangan kami siapkan dengan teliti. Tamu baru maupun pelanggan setia kami sambut dengan hangat.",
      servicesLine: "Di menu kami: {list}.",
      highlights: [
        "Dibuat dengan sepenuh hati",
        "Suasana santai dan ramah",
        "Datang sendiri pun silakan",
        "Reservasi lewat formulir",
      ],
      defaults: [
        ["Hidangan", "Tanyakan hidangan hari ini."],
        ["Minuman", "Teman untuk hidangan Anda."],
        ["Reservasi", "Beri tahu kami tanggal dan jumlah orang."],
      ],
      itemDesc: ["Silakan dicoba.", "Tanyakan detailnya kepada kami."],
      cta: "Reservasi atau bertanya",
      faq: [
        "Apakah bisa reservasi?",
        "Bisa. Kirimkan tanggal, jam, dan jumlah orang lewat formulir di bawah, kami akan menghubungi Anda.",
      ],
    },
    legal: {
      noun: "kantor hukum",
      offeringsTitle: "Bidang praktik",
      offeringsIntro: "Setelah mendengar situasi Anda, kami jelaskan pilihan dan langkah selanjutnya.",
      headline: ["Nasihat hukum yang jelas dan jujur.", "Nasihat hukum tepercaya di {place}."],
      subline: "{name} membantu Anda memahami masalah hukum dan menemukan jalan keluarnya.",
      about:
        "Kami mendengarkan dengan saksama dan menjelaskan dengan bahasa sederhana. Semua informasi dijaga kerahasiaannya.",
      servicesLine: "Kami memberi nasihat tentang {list}.",
      highlights: [
        "Penjelasan yang mudah dipahami",
        "Kerahasiaan terjaga",
        "Pertanyaan lewat formulir",
        "Langkah selanjutnya yang jelas",
      ],
      defaults: [
        ["Konsultasi hukum", "Ceritakan masalah Anda."],
        ["Kontrak dan dokumen", "Penyusunan dan pemeriksaan dokumen."],
        ["Negosiasi dan prosedur", "Kami mewakili kepentingan Anda."],
      ],
      itemDesc: ["Hubungi kami untuk detailnya.", "Kami sarankan jalan terbaik."],
      cta: "Ajukan konsultasi",
      faq: ["Apakah konsultasi dirahasiakan?", "Ya. Apa yang Anda ceritakan tetap di antara kita."],
    },
    healthcare: {
      noun: "klinik",
      offeringsTitle: "Layanan",
      offeringsIntro: "Jika ada yang membuat Anda khawatir, jangan ragu untuk bertanya.",
      headline: ["Merawat kesehatan lingkungan kita.", "Klinik terdekat Anda di {place}."],
      subline: "{name} meluangkan waktu untuk mendengarkan dan memberi perawatan yang teliti.",
      about: "Kami menjelaskan setiap langkah perawatan. Tidak ada pertanyaan yang terlalu kecil.",
      servicesLine: "Kami melayani {list}.",
      highlights: [
        "Penjelasan yang jelas",
        "Klinik bersih dan tenang",
        "Untuk anak-anak dan dewasa",
        "Janji temu lewat formulir",
      ],
      defaults: [
        ["Konsultasi umum", "Ceritakan keluhan Anda."],
        ["Saran perawatan", "Pilihan dijelaskan dengan jelas."],
        ["Perawatan rutin", "Membantu Anda tetap sehat."],
      ],
      itemDesc: ["Hubungi kami untuk detailnya.", "Disesuaikan dengan kebutuhan Anda."],
      cta: "Buat janji temu",
      faq: [
        "Apakah menerima pasien baru?",
        "Ya. Menghubungi kami lewat formulir terlebih dahulu akan memudahkan kunjungan Anda.",
      ],
    },
    finance: {
      noun: "kantor akuntan",
      offeringsTitle: "Layanan",
      offeringsIntro: "Kami menyarankan dukungan yang sesuai dengan skala dan kebutuhan usaha Anda.",
      headline: ["Urusan keuangan tanpa khawatir.", "Penasihat tepercaya untuk usaha di {place}."],
      subline: "{name} menyederhanakan urusan pajak dan akuntansi agar Anda bisa fokus bekerja.",
      about:
        "Kami menghindari istilah rumit dan menjelaskan dengan jelas apa yang perlu dilakukan dan kapan.",
      servicesLine: "Kami membantu {list}.",
      highlights: [
        "Penjelasan sederhana",
        "Usaha kecil dipersilakan",
        "Kerahasiaan terjaga",
        "Pertanyaan lewat formulir",
      ],
      defaults: [
        ["Konsultasi pajak", "Dari pertanyaan sehari-hari hingga pelaporan."],
        ["Pembukuan", "Lebih sedikit waktu untuk administrasi."],
        ["Perencanaan usaha", "Rencana berdasarkan angka."],
      ],
      itemDesc: ["Hubungi kami untuk detailnya.", "Disesuaikan dengan kondisi Anda."],
      cta: "Hubungi kami",
      faq: [
        "Apakah melayani usaha perorangan?",
        "Ya. Usaha perorangan dan perusahaan kecil sangat dipersilakan.",
      ],
    },
    retail: {
      noun: "toko",
      offeringsTitle: "Produk",
      offeringsIntro: "Stok bisa berubah sewaktu-waktu. Tanyakan saja jika Anda mencari sesuatu.",
      headline: ["Temukan sesuatu yang Anda sukai.", "Toko langganan Anda di {place}."],
      subline: "{name} menghadirkan barang-barang yang membuat keseharian sedikit lebih menyenangkan.",
      about:
        "Setiap barang kami pilih dengan teliti, dan Anda bisa memilih dengan tenang. Kami juga siap membantu memilih hadiah.",
      servicesLine: "Kami menjual {list}.",
      highlights: [
        "Pilihan barang yang teliti",
        "Saran memilih hadiah",
        "Belanja dengan santai",
        "Tanya stok secara online",
      ],
      defaults: [
        ["Barang sehari-hari", "Pilihan favorit setiap hari."],
        ["Pilihan musiman", "Barang sesuai musim."],
        ["Hadiah", "Kami bantu Anda memilih."],
      ],
      itemDesc: ["Silakan lihat langsung di toko.", "Tanyakan ketersediaannya."],
      cta: "Hubungi kami",
      faq: [
        "Bisakah saya cek stok?",
        "Bisa. Beri tahu nama barangnya lewat formulir dan kami akan membalas.",
      ],
    },
    "real-estate": {
      noun: "agen properti",
      offeringsTitle: "Properti & layanan",
      offeringsIntro: "Beri tahu kami kebutuhan Anda dan kami bantu menemukan tempat yang tepat.",
      headline: ["Membantu Anda menemukan tempat yang tepat.", "Rumah dan properti di {place}."],
      subline: "{name} adalah agen lokal yang mendampingi Anda di setiap langkah.",
      about:
        "Kami mendengarkan keinginan dan anggaran Anda, lalu memberi saran yang realistis. Ingin menjual atau menyewakan? Tanyakan juga.",
      servicesLine: "Kami dapat membantu {list}.",
      highlights: [
        "Saran yang jujur",
        "Paham lingkungan setempat",
        "Beli, jual, atau sewa",
        "Pertanyaan lewat formulir",
      ],
      defaults: [
        ["Sewa", "Kami carikan yang cocok untuk Anda."],
        ["Jual beli", "Setiap langkah kami jelaskan."],
        ["Pengelolaan properti", "Tanyakan tentang perawatan properti Anda."],
      ],
      itemDesc: ["Hubungi kami untuk detailnya.", "Beri tahu apa yang Anda cari."],
      cta: "Tanya tentang properti",
      faq: [
        "Bisakah saya melihat properti?",
        "Bisa. Kirimkan tanggal pilihan Anda lewat formulir dan kami atur jadwalnya.",
      ],
    },
    education: {
      noun: "lembaga kursus",
      offeringsTitle: "Kursus & program",
      offeringsIntro: "Kami menyarankan cara belajar yang sesuai dengan tujuan dan kecepatan Anda.",
      headline: ["Belajar yang menumbuhkan percaya diri.", "Belajar dengan senang di {place}."],
      subline: "{name} menghargai kecepatan belajar setiap siswa dan menumbuhkan rasa senang belajar.",
      about:
        "Kami menghargai setiap kemajuan dan mengatasi kesulitan bersama, sehingga pemula pun merasa nyaman sejak pertemuan pertama.",
      servicesLine: "Kami menawarkan {list}.",
      highlights: [
        "Pengajaran sesuai kebutuhan",
        "Suasana ramah",
        "Pemula dipersilakan",
        "Kelas percobaan bisa diatur",
      ],
      defaults: [
        ["Kelas dasar", "Dasar-dasar langkah demi langkah."],
        ["Kelas lanjutan", "Untuk yang ingin berkembang lebih jauh."],
        ["Kelas percobaan", "Lihat sendiri suasana kelas."],
      ],
      itemDesc: ["Hubungi kami untuk detailnya.", "Kami bantu memilih tingkat yang tepat."],
      cta: "Daftar kelas percobaan",
      faq: ["Bisakah saya mencoba kelas?", "Bisa. Beri tahu kami lewat formulir dan kami atur jadwalnya."],
    },
    creative: {
      noun: "studio kreatif",
      offeringsTitle: "Layanan",
      offeringsIntro: "Ide yang masih kasar pun awal yang baik. Kami wujudkan sesuai tujuan Anda.",
      headline: ["Ide yang menjadi nyata.", "Desain yang bicara, dari {place}."],
      subline: "{name} mengubah merek dan cerita Anda menjadi karya yang sampai ke hati orang.",
      about: "Kami mulai dengan mendengarkan, memperjelas tujuan dan sasaran bersama, lalu berkarya.",
      servicesLine: "Kami mengerjakan {list}.",
      highlights: [
        "Mendengarkan lebih dulu",
        "Karya sesuai tujuan",
        "Proyek kecil dipersilakan",
        "Pertanyaan lewat formulir",
      ],
      defaults: [
        ["Desain", "Logo, materi cetak, dan web."],
        ["Foto dan visual", "Gambar dengan suasana yang pas."],
        ["Arah merek", "Cara menyampaikan cerita Anda."],
      ],
      itemDesc: ["Hubungi kami untuk detailnya.", "Dibuat sesuai brief Anda."],
      cta: "Mulai proyek",
      faq: ["Apakah menerima proyek kecil?", "Ya. Proyek berbagai ukuran dipersilakan."],
    },
    technology: {
      noun: "perusahaan teknologi",
      offeringsTitle: "Layanan",
      offeringsIntro: "Kami mendengarkan tantangan Anda dan hanya menawarkan yang benar-benar dibutuhkan.",
      headline: ["Teknologi yang membuat kerja lebih mudah.", "IT yang praktis dari {place}."],
      subline: "{name} membangun sistem dan aplikasi yang meringankan pekerjaan sehari-hari.",
      about:
        "Kami berangkat dari masalah nyata, bukan istilah rumit, dan tetap mendampingi setelah peluncuran.",
      servicesLine: "Kami mengerjakan {list}.",
      highlights: [
        "Saran yang praktis",
        "Penjelasan yang jelas",
        "Mulai dari yang kecil",
        "Pertanyaan lewat formulir",
      ],
      defaults: [
        ["Pengembangan sistem", "Alat yang dibuat sesuai cara kerja Anda."],
        ["Aplikasi dan situs web", "Mudah digunakan."],
        ["Konsultasi IT", "Apa yang perlu diperbaiki lebih dulu."],
      ],
      itemDesc: ["Hubungi kami untuk detailnya.", "Disesuaikan dengan kebutuhan Anda."],
      cta: "Diskusi dengan kami",
      faq: [
        "Apakah saya harus paham IT?",
        "Sama sekali tidak. Kami jelaskan semuanya dengan bahasa sederhana.",
      ],
    },
    consulting: {
      noun: "konsultan",
      offeringsTitle: "Layanan",
      offeringsIntro: "Kami mendengarkan tantangan Anda dan menyarankan dukungan yang sesuai.",
      headline: ["Mari rencanakan langkah berikutnya bersama.", "Mitra tepercaya untuk usaha di {place}."],
      subline: "{name} bekerja bersama Anda untuk menemukan solusi yang praktis.",
      about:
        "Kami memahami kondisi Anda, menetapkan prioritas yang jelas, dan menyusun rencana yang bisa dijalankan.",
      servicesLine: "Kami mendukung {list}.",
      highlights: [
        "Mendengarkan dengan saksama",
        "Rencana yang praktis",
        "Usaha kecil dipersilakan",
        "Pertanyaan lewat formulir",
      ],
      defaults: [
        ["Konsultasi bisnis", "Ceritakan apa yang Anda pikirkan."],
        ["Dukungan perencanaan", "Tujuan dan cara mencapainya."],
        ["Pendampingan berkelanjutan", "Kami mendampingi saat pelaksanaan."],
      ],
      itemDesc: ["Hubungi kami untuk detailnya.", "Disesuaikan dengan kondisi Anda."],
      cta: "Jadwalkan diskusi",
      faq: [
        "Bolehkah saya bertanya apa saja?",
        "Boleh. Meskipun pertanyaan Anda belum jelas, kami siap mendengarkan.",
      ],
    },
  },
  intro: (name, noun, place) =>
    place ? `${name} adalah ${noun} di ${place}.` : `Selamat datang di ${name}.`,
  fallbackName: (noun, place) => {
    const title = noun.replace(/(^|\s)\p{L}/gu, (c) => c.toUpperCase());
    return place ? `${title} ${place}` : title;
  },
  list: (items) =>
    items.length < 2 ? items.join("") : `${items.slice(0, -1).join(", ")} dan ${items.at(-1)}`,
  international: "Tamu internasional dipersilakan, dan Anda bisa menghubungi kami dalam bahasa Inggris.",
  aboutTitle: () => "Tentang kami",
  highlightsTitle: "Yang kami utamakan",
  faqTitle: "Pertanyaan umum",
  faqContact: [
    "Bagaimana cara menghubungi Anda?",
    "Gunakan formulir di bagian bawah halaman ini. Kami akan membaca pesan Anda dan membalasnya.",
  ],
  faqHours: (hours) =>
    hours
      ? ["Jam berapa Anda buka?", `${hours}. Jam buka bisa berubah, jadi jangan ragu untuk bertanya.`]
      : ["Jam berapa Anda buka?", "Silakan tanyakan lewat formulir kontak."],
  faqLanguage: [
    "Bisakah saya menghubungi dalam bahasa Inggris?",
    "Bisa, pesan dalam bahasa Inggris dipersilakan.",
  ],
  access: {
    title: "Lokasi & jam buka",
    address: "Alamat",
    hours: "Jam buka",
    phone: "Telepon",
    email: "Email",
  },
  accessNote: (place, hasAddress) =>
    hasAddress
      ? "Jika perlu petunjuk arah, hubungi kami."
      : place
        ? `Kami berada di area ${place}. Tanyakan lokasi tepatnya kepada kami.`
        : "Tanyakan lokasi dan petunjuk arah lewat formulir.",
  contact: {
    title: "Hubungi kami",
    intro: (hasPhone) =>
      hasPhone
        ? "Ada pertanyaan? Telepon kami atau kirim pesan lewat formulir di bawah."
        : "Ada pertanyaan? Kirim pesan lewat formulir di bawah.",
    name: "Nama",
    email: "Email",
    company: "Perusahaan (opsional)",
    message: "Pesan",
    submit: "Kirim",
    consent:
      "Kirimi saya kabar melalui email (produk baru, penawaran). Kami akan mengirim email konfirmasi terlebih dahulu.",
    privacy: "Data Anda hanya kami gunakan untuk membalas pesan Anda.",
    thanksTitle: "Terima kasih atas pesan Anda",
    thanksText: "Pesan Anda sudah kami terima dan akan segera kami balas.",
    back: "Kembali ke beranda",
  },
  formProblem: {
    title: "Pesan Anda tidak terkirim",
    invalid: "Periksa formulir: perbaiki kolom di bawah ini lalu kirim lagi.",
    refused: "Kami tidak dapat memastikan bahwa pesan ini dikirim dari situs ini. Periksa lalu kirim lagi.",
    tooMany: "Terlalu banyak pesan terkirim dalam waktu singkat. Tunggu sebentar lalu kirim lagi.",
    fields: {
      name: "Masukkan nama Anda (maksimal 100 karakter).",
      email: "Masukkan alamat email yang valid.",
      company: "Nama perusahaan maksimal 200 karakter.",
      message: "Masukkan pesan Anda (maksimal 5000 karakter).",
    },
  },
  nav: { about: "Tentang", faq: "Tanya jawab", access: "Lokasi", contact: "Kontak" },
  skipLink: "Langsung ke konten",
  languageLabel: "Bahasa",
  hours: (ranges, closed, everyDay) =>
    formatHours(ranges, closed, everyDay, {
      days: ["Minggu", "Senin", "Selasa", "Rabu", "Kamis", "Jumat", "Sabtu"],
      holidays: "hari libur nasional",
      closed: "Tutup: ",
      everyDay: "Buka setiap hari",
      dash: "–",
      join: ", ",
    }),
  separator: ", ",
};
