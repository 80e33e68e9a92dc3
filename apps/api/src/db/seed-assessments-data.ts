/** Demo quizzes and tests of the demo catalogue (seed-catalogue.ts), in Thai. */

export interface DemoQuestion {
  kind: 'single' | 'multiple' | 'true_false';
  prompt: string;
  /** Why the right answer is right: shown to the learner with the result. */
  explanation: string;
  points?: number;
  /** [label, correct]; true/false questions use ['ถูก', …], ['ผิด', …]. */
  choices: [label: string, correct: boolean][];
}

export interface DemoAssessments {
  /** The course's slug in seed-catalogue.ts. */
  slug: string;
  /** The questions of the pre-test and the post-test (the same, so the two scores show what was learnt). */
  finalQuestions: DemoQuestion[];
  /** Quizzes placed after episodes (by the episode's position, 1-based). */
  quizzes: { afterEpisode: number; title: string; questions: DemoQuestion[] }[];
}

export const DEMO_ASSESSMENTS: DemoAssessments[] = [
  {
    slug: 'personal-finance-101',
    finalQuestions: [
      {
        kind: 'single',
        prompt: 'ตามหลักงบประมาณ 50/30/20 ควรแบ่งรายได้กี่เปอร์เซ็นต์ไปออมและลงทุน',
        explanation: 'หลัก 50/30/20 แบ่ง 50% เป็นค่าใช้จ่ายจำเป็น 30% เป็นสิ่งที่อยากได้ และ 20% เป็นเงินออมและลงทุน',
        choices: [
          ['10%', false],
          ['20%', true],
          ['30%', false],
          ['50%', false],
        ],
      },
      {
        kind: 'single',
        prompt: 'เงินสำรองฉุกเฉินควรมีอย่างน้อยเท่าไร',
        explanation: 'ผู้เชี่ยวชาญแนะนำให้มีเงินสำรองฉุกเฉินอย่างน้อย 3-6 เท่าของค่าใช้จ่ายต่อเดือน',
        choices: [
          ['ค่าใช้จ่าย 1 สัปดาห์', false],
          ['ค่าใช้จ่าย 1 เดือน', false],
          ['ค่าใช้จ่าย 3-6 เดือน', true],
          ['รายได้ 5 ปี', false],
        ],
      },
      {
        kind: 'true_false',
        prompt: 'เงินสำรองฉุกเฉินควรเก็บในที่ที่ถอนได้ง่าย เช่น บัญชีออมทรัพย์',
        explanation: 'เงินสำรองฉุกเฉินต้องใช้ได้ทันทีเมื่อเกิดเหตุ จึงควรมีสภาพคล่องสูง ไม่ใช่ลงทุนในสินทรัพย์เสี่ยง',
        choices: [
          ['ถูก', true],
          ['ผิด', false],
        ],
      },
      {
        kind: 'multiple',
        prompt: 'ข้อใดเป็นลักษณะของเป้าหมายการออมที่ดี (เลือกได้หลายข้อ)',
        explanation: 'เป้าหมายที่ดีควรชัดเจน วัดผลได้ และมีกำหนดเวลา ส่วน "ออมให้มากที่สุด" วัดผลไม่ได้',
        points: 2,
        choices: [
          ['ระบุจำนวนเงินชัดเจน', true],
          ['มีกำหนดเวลา', true],
          ['ออมให้มากที่สุดเท่าที่ทำได้ โดยไม่ต้องกำหนดจำนวน', false],
          ['วัดความคืบหน้าได้', true],
        ],
      },
      {
        kind: 'single',
        prompt: 'ควรออมเงินเมื่อใดจึงจะมีวินัยที่สุด',
        explanation: 'การ "จ่ายให้ตัวเองก่อน" คือกันเงินออมทันทีที่ได้รับรายได้ ก่อนนำไปใช้จ่าย',
        choices: [
          ['ทันทีที่ได้รับเงินเดือน', true],
          ['เมื่อมีเงินเหลือปลายเดือน', false],
          ['เมื่อได้โบนัสเท่านั้น', false],
        ],
      },
    ],
    quizzes: [
      {
        afterEpisode: 2,
        title: 'แบบทดสอบท้ายตอน: งบประมาณ 50/30/20',
        questions: [
          {
            kind: 'single',
            prompt: 'ค่าเช่าบ้านจัดอยู่ในหมวดใดของหลัก 50/30/20',
            explanation: 'ค่าเช่าบ้านเป็นค่าใช้จ่ายจำเป็น (Needs) ซึ่งอยู่ในส่วน 50%',
            choices: [
              ['ค่าใช้จ่ายจำเป็น (50%)', true],
              ['สิ่งที่อยากได้ (30%)', false],
              ['เงินออม (20%)', false],
            ],
          },
          {
            kind: 'true_false',
            prompt: 'การดูหนังในโรงภาพยนตร์จัดเป็นค่าใช้จ่ายจำเป็น',
            explanation: 'ความบันเทิงเป็นสิ่งที่อยากได้ (Wants) ไม่ใช่ค่าใช้จ่ายจำเป็น',
            choices: [
              ['ถูก', false],
              ['ผิด', true],
            ],
          },
        ],
      },
      {
        afterEpisode: 3,
        title: 'แบบทดสอบท้ายตอน: เงินสำรองฉุกเฉิน',
        questions: [
          {
            kind: 'multiple',
            prompt: 'เหตุการณ์ใดควรใช้เงินสำรองฉุกเฉิน (เลือกได้หลายข้อ)',
            explanation: 'เงินสำรองฉุกเฉินมีไว้สำหรับเหตุไม่คาดฝัน เช่น ตกงานหรือเจ็บป่วย ไม่ใช่การซื้อของลดราคา',
            choices: [
              ['ตกงานกะทันหัน', true],
              ['เจ็บป่วยต้องนอนโรงพยาบาล', true],
              ['โทรศัพท์รุ่นใหม่ลดราคา', false],
            ],
          },
          {
            kind: 'single',
            prompt: 'ถ้าค่าใช้จ่ายต่อเดือนคือ 15,000 บาท เงินสำรองฉุกเฉิน 6 เดือนคือเท่าไร',
            explanation: '15,000 × 6 = 90,000 บาท',
            choices: [
              ['45,000 บาท', false],
              ['90,000 บาท', true],
              ['150,000 บาท', false],
            ],
          },
        ],
      },
    ],
  },
];
