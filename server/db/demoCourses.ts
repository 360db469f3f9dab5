/**
 * The demo course catalogue, generated from word lists with a fixed random seed: every first start
 * makes the same few hundred courses (titles in English, Chinese and Japanese), each with chapters
 * and sections. Pure data: server/db/seed.ts inserts it.
 */

type Language = 'en' | 'zh' | 'ja';

export interface DemoSection {
  title: string;
  preview_enabled: boolean;
  /** A demo video (by its index among the demo videos), the demo PDF, or nothing yet. */
  resource: { video: number } | 'pdf' | null;
}

export interface DemoChapter {
  title: string;
  sections: DemoSection[];
}

export interface DemoCourse {
  title: string;
  /** The subcategory's title. */
  category: string;
  /** Teachers' names. */
  teachers: string[];
  cover: number;
  subtitle: string;
  price: number;
  original_price: number;
  brief: string;
  suit_crowds: string;
  introduction: string;
  chapters: DemoChapter[];
}

/** The one course tests can rely on: its title, and its chapter layout below. */
export const WELL_KNOWN_COURSE = 'React from first principles';

/** A teacher of the demo, besides the three the teacher screens were first shown with. */
export const moreDemoTeachers = [
  { name: 'Zhang Wei', title: 'Full-stack engineer', introduction: '<p>张伟 builds payment systems and teaches <strong>Node.js</strong> and mobile development.</p>' },
  { name: '山田 花子', title: 'Illustrator', introduction: '<p>絵本と広告のイラストを手がけるイラストレーター。デジタルと水彩の両方を教えています。</p>' },
  { name: 'Oliver Grant', title: 'Marketing director', introduction: '<p>Oliver has run growth teams at three start-ups.</p><ul><li>Content</li><li>Search</li><li>Brand</li></ul>' },
  { name: '陈静', title: '对外汉语讲师', introduction: '<p>陈老师教授汉语十二年，擅长发音与商务汉语。</p>' },
  { name: 'Emily Carter', title: 'English teacher', introduction: '<p>Emily is a former IELTS examiner and coaches professionals in <em>business English</em>.</p>' },
  { name: '鈴木 一郎', title: 'Project manager', introduction: '<p>大規模プロジェクトのマネジメントを二十年経験。アジャイルとチーム作りを教えています。</p>' },
] as const;

interface Subject {
  category: string;
  topics: Record<Language, string[]>;
  teachers: string[];
  crowds: Record<Language, string[]>;
}

const subjects: Subject[] = [
  {
    category: 'Web development',
    topics: { en: ['React', 'Vue 3', 'TypeScript', 'CSS Grid', 'Node.js', 'GraphQL', 'Next.js', 'Web accessibility'], zh: ['前端工程化', '浏览器原理'], ja: ['フロントエンド設計', 'Webパフォーマンス'] },
    teachers: ['Lin Qiao', 'Zhang Wei', '佐藤 健'],
    crowds: { en: ['Front-end developers', 'Back-end developers moving to the web'], zh: ['前端开发者', '有 HTML 基础的同学'], ja: ['フロントエンドエンジニア', 'Web制作の経験者'] },
  },
  {
    category: 'Mobile apps',
    topics: { en: ['SwiftUI', 'Jetpack Compose', 'Flutter', 'React Native', 'Kotlin'], zh: ['小程序开发', '移动端性能优化'], ja: ['モバイルアプリ設計'] },
    teachers: ['Zhang Wei', 'Lin Qiao', '佐藤 健'],
    crowds: { en: ['App developers', 'Web developers going mobile'], zh: ['移动端开发者', '想做第一个 App 的同学'], ja: ['アプリ開発者', 'モバイル初心者'] },
  },
  {
    category: 'Data science',
    topics: { en: ['Python for data', 'Pandas', 'Statistics', 'Machine learning', 'SQL analytics', 'Data visualisation'], zh: ['深度学习', '数据分析'], ja: ['時系列分析'] },
    teachers: ['Maria Alvarez', 'Zhang Wei', 'Lin Qiao'],
    crowds: { en: ['Analysts', 'Engineers who work with data'], zh: ['数据分析师', '理工科学生'], ja: ['データアナリスト', 'エンジニア'] },
  },
  {
    category: 'UI design',
    topics: { en: ['Figma', 'Design systems', 'Typography', 'Colour theory', 'Interaction design', 'User research'], zh: ['移动端界面设计'], ja: ['UXライティング'] },
    teachers: ['佐藤 健', 'Lin Qiao'],
    crowds: { en: ['Product designers', 'Developers who design'], zh: ['UI 设计师', '产品经理'], ja: ['デザイナー', 'プロダクトマネージャー'] },
  },
  {
    category: 'Illustration',
    topics: { en: ['Procreate', 'Character design', 'Watercolour', 'Digital painting', 'Sketching'], zh: ['商业插画'], ja: ['背景イラスト', '水彩イラスト'] },
    teachers: ['山田 花子', '佐藤 健'],
    crowds: { en: ['Beginners who like to draw', 'Illustrators'], zh: ['插画爱好者', '设计专业学生'], ja: ['イラスト初心者', '趣味で描く方'] },
  },
  {
    category: 'Marketing',
    topics: { en: ['Content marketing', 'SEO', 'Social media', 'Brand strategy', 'Email campaigns'], zh: ['短视频运营', '私域流量'], ja: ['デジタル広告'] },
    teachers: ['Oliver Grant', 'Maria Alvarez', '鈴木 一郎'],
    crowds: { en: ['Marketers', 'Founders'], zh: ['运营人员', '创业者'], ja: ['マーケター', '広報担当者'] },
  },
  {
    category: 'Management',
    topics: { en: ['Project management', 'Agile teams', 'OKRs', 'Negotiation', 'Leadership'], zh: ['团队管理', '高效沟通'], ja: ['1on1ミーティング'] },
    teachers: ['鈴木 一郎', 'Oliver Grant', 'Emily Carter'],
    crowds: { en: ['New managers', 'Team leads'], zh: ['新任经理', '团队负责人'], ja: ['新任マネージャー', 'チームリーダー'] },
  },
  {
    category: 'English',
    topics: { en: ['Business English', 'IELTS speaking', 'English grammar', 'Academic writing'], zh: ['商务英语口语', '英语听力'], ja: ['英語プレゼン'] },
    teachers: ['Emily Carter', 'Oliver Grant'],
    crowds: { en: ['Professionals', 'Students going abroad'], zh: ['职场人士', '准备出国的同学'], ja: ['社会人', '留学予定の学生'] },
  },
  {
    category: 'Japanese',
    topics: { en: ['JLPT N5', 'JLPT N3', 'Japanese kanji', 'Keigo'], zh: ['日语五十音', '日语会话'], ja: ['ビジネス日本語'] },
    teachers: ['佐藤 健', '鈴木 一郎'],
    crowds: { en: ['Complete beginners', 'Travellers'], zh: ['零基础学员', '动漫爱好者'], ja: ['日本語学習者'] },
  },
  {
    category: 'Chinese',
    topics: { en: ['HSK 1', 'HSK 4', 'Mandarin tones', 'Chinese characters'], zh: ['商务汉语'], ja: ['中国語の発音'] },
    teachers: ['陈静', 'Zhang Wei'],
    crowds: { en: ['Complete beginners', 'Business travellers'], zh: ['来华留学生', '外籍员工'], ja: ['中国語初心者'] },
  },
];

const titlePatterns: Record<Language, string[]> = {
  en: ['{t} fundamentals', '{t} in practice', 'Mastering {t}', '{t} for beginners', 'Advanced {t}', '{t}: a hands-on workshop', '{t} from zero to production', 'Everyday {t}', '{t} in 30 days', 'The {t} handbook'],
  zh: ['{t} 入门', '{t} 实战', '{t} 进阶指南', '零基础学{t}', '{t} 核心原理', '{t} 项目实战'],
  ja: ['はじめての{t}', '{t} 入門', '{t} 実践講座', '{t} 完全ガイド', 'ゼロから学ぶ{t}'],
};

const subtitles: Record<Language, string[]> = {
  en: ['{n} lessons, with exercises after each chapter', 'Learn it by building a real project', 'Clear explanations and practical examples', 'Short lessons you can take on the way to work'],
  zh: ['{n} 节课 · 每章配练习', '从原理到项目，一步一步', '讲解清晰，案例实用', '碎片时间也能学完'],
  ja: ['全{n}レッスン・演習付き', '実例で身につける', 'わかりやすい解説と実践', 'すきま時間で学べる短いレッスン'],
};

const briefs: Record<Language, string[]> = {
  en: [
    'A practical course on {t}: from the first steps to work you can show.',
    'Everything you need to use {t} with confidence, explained with real examples.',
    'A structured path through {t}, with a project in every chapter.',
  ],
  zh: ['系统讲解{t}，从基础概念到完整项目。', '用真实案例带你掌握{t}的关键技能。', '{t}的实用课程：学完就能用在工作中。'],
  ja: ['{t}の基礎から実践までを体系的に学べる講座です。', '実際の事例を通して{t}を身につけます。', '各章の演習で{t}を確実に習得します。'],
};

const chapterTitles: Record<Language, string[]> = {
  en: ['Getting started', 'Core ideas', 'Working with real examples', 'Putting it together', 'Common pitfalls', 'Going further', 'Project: end to end', 'Review and next steps'],
  zh: ['课程介绍', '核心概念', '案例讲解', '综合练习', '常见问题', '进阶内容', '项目实战', '总结与展望'],
  ja: ['はじめに', '基本の考え方', '実例で学ぶ', '総合演習', 'よくあるつまずき', '応用編', 'プロジェクト実践', 'まとめ'],
};

const sectionTitles: Record<Language, string[]> = {
  en: ['Overview', 'A first example', 'How it works underneath', 'Exercise', 'Walkthrough', 'Questions and answers', 'Summary', 'Case study', 'Hands-on lab'],
  zh: ['概述', '第一个例子', '原理剖析', '练习', '演示', '答疑', '小结', '案例分析', '动手实验'],
  ja: ['概要', '最初の例', 'しくみを知る', '演習', 'デモ', '質疑応答', 'まとめ', 'ケーススタディ', 'ハンズオン'],
};

const introductions: Record<Language, (topic: string, crowd: string) => string> = {
  en: (topic, crowd) =>
    `<h3>What you will learn</h3><p>This course takes you through <strong>${topic}</strong> step by step, with a worked example in every lesson.</p>` +
    `<ul><li>The ideas behind ${topic}</li><li>How to apply them to your own work</li><li>Mistakes to avoid</li></ul>` +
    `<h3>Who it is for</h3><p>${crowd}. No prior knowledge of ${topic} is needed.</p>`,
  zh: (topic, crowd) =>
    `<h3>你将学到</h3><p>本课程循序渐进地讲解<strong>${topic}</strong>，每节课都有完整的示例。</p>` +
    `<ul><li>${topic}的核心概念</li><li>如何用在实际工作中</li><li>需要避免的常见错误</li></ul>` +
    `<h3>适合人群</h3><p>${crowd}。无需${topic}基础。</p>`,
  ja: (topic, crowd) =>
    `<h3>この講座で学べること</h3><p><strong>${topic}</strong>を一歩ずつ、毎回の実例とともに学びます。</p>` +
    `<ul><li>${topic}の基本的な考え方</li><li>実務での活かし方</li><li>避けたい失敗</li></ul>` +
    `<h3>対象</h3><p>${crowd}。${topic}の予備知識は不要です。</p>`,
};

const prices = [19, 29.9, 49, 69, 99, 129, 159, 199, 299];
const markups = [1.2, 1.5, 2];

/** mulberry32: a small generator with a fixed seed, so the demo is the same on every first start. */
function randomSource(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
  const pick = <T>(items: readonly T[]): T => items[Math.floor(next() * items.length)];
  const between = (low: number, high: number) => low + Math.floor(next() * (high - low + 1));
  return { next, pick, between };
}

const fill = (pattern: string, values: Record<string, string | number>) => pattern.replace(/\{(\w)\}/g, (_, key: string) => String(values[key]));

/**
 * `perSubject` courses in each demo subcategory, and the well-known course last (so it heads the
 * list, newest first). Sections play one of the first `videos` demo videos (by index); a cover is
 * one of `covers` images (by index).
 */
export function demoCatalogue({ perSubject, videos, covers }: { perSubject: number; videos: number; covers: number }): DemoCourse[] {
  const random = randomSource(20261123);
  const taken = new Set<string>([WELL_KNOWN_COURSE]);
  const made: DemoCourse[] = [];
  for (const subject of subjects) {
    for (let count = 0; count < perSubject; ) {
      // Roughly half English, the rest Chinese and Japanese; a Latin topic fits any language's title.
      const roll = random.next();
      const language: Language = roll < 0.5 ? 'en' : roll < 0.78 ? 'zh' : 'ja';
      const pool = language === 'en' ? subject.topics.en : [...subject.topics.en, ...subject.topics[language]];
      const topic = random.pick(pool);
      const title = fill(random.pick(titlePatterns[language]), { t: topic });
      if (taken.has(title)) continue;
      taken.add(title);
      count++;
      const chapters = Array.from({ length: random.between(2, 6) }, (_, index) => makeChapter(random, language, index, videos));
      const lessons = chapters.reduce((sum, chapter) => sum + chapter.sections.length, 0);
      const free = random.next() < 0.2;
      const price = free ? 0 : random.pick(prices);
      const original_price = free || random.next() < 0.4 ? 0 : Math.round(price * random.pick(markups));
      const crowd = random.pick(subject.crowds[language]);
      // One to three of the subject's teachers, not always led by the same one.
      const teacherCount = Math.min(subject.teachers.length, random.between(1, 3));
      const first = random.between(0, subject.teachers.length - 1);
      const teachers = Array.from({ length: teacherCount }, (_, index) => subject.teachers[(first + index) % subject.teachers.length]);
      made.push({
        title,
        category: subject.category,
        teachers,
        cover: random.between(0, covers - 1),
        subtitle: fill(random.pick(subtitles[language]), { n: lessons }),
        price,
        original_price,
        brief: fill(random.pick(briefs[language]), { t: topic }),
        suit_crowds: crowd,
        introduction: introductions[language](topic, crowd),
        chapters,
      });
    }
  }
  made.push(wellKnownCourse());
  return made;
}

function makeChapter(random: ReturnType<typeof randomSource>, language: Language, index: number, videos: number): DemoChapter {
  const titles = [...sectionTitles[language]];
  const sections = Array.from({ length: random.between(1, 5) }, (_, sectionIndex): DemoSection => {
    const title = titles.splice(random.between(0, titles.length - 1), 1)[0];
    const roll = random.next();
    return {
      title,
      preview_enabled: index === 0 && sectionIndex === 0,
      resource: roll < 0.72 ? { video: random.between(0, videos - 1) } : roll < 0.92 ? 'pdf' : null,
    };
  });
  return { title: chapterTitles[language][index], sections };
}

/**
 * 'React from first principles': three chapters of 2, 3 and 1 sections; a free preview first, a
 * PDF and a section with no resource yet in the second chapter.
 */
function wellKnownCourse(): DemoCourse {
  return {
    title: WELL_KNOWN_COURSE,
    category: 'Web development',
    teachers: ['Lin Qiao'],
    cover: 0,
    subtitle: 'Build React yourself to understand how it works',
    price: 199,
    original_price: 299,
    brief: 'Write a small React of your own, then use the real one with the confidence of knowing what it does underneath.',
    suit_crowds: 'Developers who know JavaScript',
    introduction:
      '<h3>What you will learn</h3><p>We write a tiny React in plain JavaScript: elements, rendering, reconciliation and hooks.</p>' +
      '<ul><li>Components and elements</li><li>State, effects and their clean-up</li><li>Shipping to production</li></ul>',
    chapters: [
      {
        title: 'Why React',
        sections: [
          { title: 'What a component is', preview_enabled: true, resource: { video: 0 } },
          { title: 'Rendering a list', preview_enabled: false, resource: { video: 1 } },
        ],
      },
      {
        title: 'State and effects',
        sections: [
          { title: 'useState from scratch', preview_enabled: false, resource: { video: 0 } },
          { title: 'Effects and their clean-up', preview_enabled: false, resource: 'pdf' },
          { title: 'Exercises', preview_enabled: false, resource: null },
        ],
      },
      { title: 'Shipping it', sections: [{ title: 'Building for production', preview_enabled: false, resource: { video: 1 } }] },
    ],
  };
}
