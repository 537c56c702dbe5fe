/**
 * Writes the missing-person search test set (records.json, queries.json beside this file) that
 * tests/search-quality.test.ts runs: about 1,040 names as the communities this serves write them,
 * and queries as a relative would type them, each with the one record it should find, or none.
 * Deterministic (its own seeded PRNG): `node tests/search-set/generate.ts` rewrites the same files.
 * `node tests/search-set/generate.ts SEED FOLDER` writes another set of the same kind into FOLDER:
 * one the search was never tuned on, to see whether its rates hold on names it has not seen.
 *
 * A query must name exactly one record: the generator keeps, with each query, what it means (the
 * name parts it names, each as a "key" that folds accents, spelling equivalents, nicknames and
 * other scripts' romanizations) and drops any query that another record would satisfy as well.
 * A query for someone absent must match no record even loosely (a prefix, one edit, a nickname,
 * or a word of the city).
 */
import { writeFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';

// ---------------------------------------------------------------- randomness
function mulberry32(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let t = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}
const [seed, folder] = process.argv.slice(2);
const rand = mulberry32(seed ? Number(seed) : 20_250_531);
const chance = (p: number) => rand() < p;
const pick = <T>(list: readonly T[]): T => list[Math.floor(rand() * list.length)]!;
/** Early entries far more often than late ones, as common names are. */
const skew = <T>(list: readonly T[], power = 1.7): T => list[Math.floor(rand() ** power * list.length)]!;
const shuffled = <T>(list: readonly T[]): T[] => {
  const out = [...list];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(rand() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
};
const L = (text: string) => text.split(/\s*,\s*/);

// ---------------------------------------------------------------- names ("Latin/other spellings=native script")
const ES_M = L(
  'José, Juan, Luis, Carlos, Jesús, Francisco, Antonio, Miguel, Pedro, Manuel, Jorge, Alejandro, Eduardo, Roberto, Alberto, Guillermo, Ignacio, Ricardo, Fernando, Javier, Rafael, Sergio, Raúl, Arturo, Enrique, Salvador, Ramón, Héctor, Víctor, Óscar, Gerardo, Armando, Rubén, Ernesto, Gilberto, Rodolfo, Adolfo, Gonzalo, Vicente, Santiago, Rigoberto, Wilmer, Marvin, Nelson, Brayan, Kevin, Elmer, Maynor, Edwin, Álvaro, Hugo, Efraín, Joaquín, Ángel, Julio, Mario, Cristian, Jonathan, Baltazar, Bernabé, Lorenzo, Gregorio, Humberto, Alfonso, Federico, Isidro, Abel, Ezequiel, Leonel',
);
const ES_F = L(
  'María, Guadalupe, Rosa, Ana, Carmen, Josefina, Teresa, Rosario, Concepción, Dolores, Patricia, Verónica, Leticia, Gabriela, Alejandra, Yolanda, Silvia, Elena, Isabel, Francisca, Consuelo, Socorro, Esperanza, Margarita, Juana, Luz, Martha, Adriana, Claudia, Sandra, Mónica, Lucía, Sofía, Ximena, Yesenia, Maribel, Marisol, Araceli, Beatriz, Blanca, Gloria, Irma, Norma, Reyna, Dilcia, Deysi, Glenda, Karla, Wendy, Jacqueline, Mercedes, Graciela, Alicia, Esmeralda, Fabiola, Griselda, Herlinda, Xóchitl, Itzel, Rocío, Yadira, Marisela, Angélica, Lorena',
);
const ES_M2 = L(
  'Juan Carlos, José Luis, Miguel Ángel, Luis Alberto, José Antonio, Juan Pablo, Jesús Manuel, José Manuel, Francisco Javier, Juan José, Carlos Alberto, José Francisco, José Guadalupe, Jorge Luis, Luis Fernando, José Ignacio, Juan Antonio, José Roberto, Marco Antonio, José Eduardo',
);
const ES_F2 = L(
  'María José, María Guadalupe, María de los Ángeles, María del Carmen, María de Jesús, Ana María, Rosa María, María Elena, María Luisa, María Fernanda, María Teresa, María Isabel, Luz María, María de la Luz, Ana Luisa, María Concepción, María del Rosario, Martha Alicia, María Dolores, Blanca Estela, María Socorro',
);
const ES_S = L(
  'Hernández, García, Martínez, López, González, Rodríguez, Pérez, Sánchez, Ramírez, Flores, Gómez, Torres, Díaz, Cruz, Reyes, Morales, Jiménez, Ruiz, Gutiérrez, Mendoza, Álvarez, Vásquez, Castillo, Romero, Herrera, Medina, Aguilar, Moreno, Chávez, Ortiz, Rivera, Ramos, Domínguez, Vargas, Castro, Salazar, Guzmán, Rojas, Contreras, Luna, Ríos, Estrada, Orellana, Portillo, Argueta, Alvarado, Escobar, Ayala, Mejía, Zelaya, de la Cruz, Villalobos, Cisneros, Velásquez, Cervantes, del Río, Ibarra, Zavala, Bermúdez, de León, Quintanilla, Barrientos, Valenzuela, Soto, de la Rosa, Navarro, Delgado, Ponce, Villegas, de Jesús, Carrillo, Campos, Núñez, Pineda, de los Santos, Arellano, Maldonado, Ochoa, Solís, del Valle, Trujillo, Valdez, Lara, Rosales, de la Torre, Fuentes, Sandoval, Cabrera, de la Garza, Mora, Juárez, Acosta',
);
const MAYA_S = L('Tzul, Tum, Ajanel, Batz, Quiej, Tuyuc, Chumil, Sicajau, Xicay, Caal, Choc, Xol, Tiul, Ical, Cac, Maquin, Bol, Pop, Coc, Chen, Ixcoy, Cutzal, Yax, Coj');
const OAX_S = L(
  'Santiago, Matías, Ruiz, Cruz, Bautista, Vásquez, Martínez, Velasco, Hipólito, Jerónimo, Nicolás, Bernabé, Domingo, Lucas, Mateo, Zárate, Aquino, Cuevas, Antonio, Gabriel, Sosa, Feria, Olivera',
);
const FIL_G = L(
  'Jose, Juan, Ricardo, Rodrigo, Eduardo, Jocelyn, Maricel, Rowena, Marilou, Rosalie, Jerome, Ferdinand, Teresita, Remedios, Rhodora, Analyn, Arnel, Rogelio, Danilo, Nestor, Gina, Cherry, Lovely, Jonathan, Reynaldo, Erlinda, Corazon, Imelda, Emmanuel, Josefina, Leonardo, Bernardo, Ernesto, Antonio, Francisco, Gregorio, Lourdes, Milagros, Perla, Divina, Rosario, Virgilio, Romeo, Rolando, Edgardo, Marites',
);
const FIL_G2 = L('Mark Anthony, John Paul, Mary Grace, Mary Ann, Maria Luisa, Jose Mari, Rose Ann, John Michael, Juan Miguel, Mary Jane');
const EN_G = L('Michael, Jennifer, Richard, Robert, Elizabeth, William, Anthony, Katherine, Margaret, Christopher, Joseph, Daniel, David, Peter, Kevin, Vivian, Tiffany, Linda');
const FIL_S = L(
  'Dela Cruz, Santos, Reyes, Bautista, Garcia, Mendoza, Ramos, Aquino, Castillo, Villanueva, Macaraeg, Pangilinan, Dimaculangan, Magbanua, Manalo, Soriano, Tolentino, Mercado, Gonzales, Navarro, Del Rosario, De Guzman, De Leon, Salazar, Cabrera, Dizon, Panganiban, Sison, Tuazon, Agbayani, Dumlao, Pascua, Ocampo, Macaspac, Lacsamana, Dimaano, Evangelista, Manalastas, Catacutan, Buenaventura, Dela Peña, De Los Reyes, Mangubat',
);
const VN_F = L('Nguyễn, Trần, Lê, Phạm, Hoàng, Huỳnh, Phan, Vũ, Võ, Đặng, Bùi, Đỗ, Hồ, Ngô, Dương, Lý, Trương, Đinh, Lâm, Mai, Tạ, Cao, Lưu, Đoàn, Tô, Châu, Quách');
const VN_M = L('Đức, Minh, Ngọc, Thanh, Quốc, Hữu, Kim, Thu, Hoàng, Xuân, Thành, Công, Bảo, Mỹ');
const VN_M_G = L(
  'An, Bình, Cường, Dũng, Hùng, Hải, Long, Minh, Nam, Phúc, Quang, Sơn, Trung, Tuấn, Việt, Khoa, Hiếu, Duy, Huy, Thắng, Tiến, Khánh, Đạt, Phát, Tài, Thuận, Tâm, Hòa',
);
const VN_F_G = L('Hoa, Hương, Lan, Linh, Mai, Ngọc, Phương, Thảo, Thủy, Trang, Vy, Yến, Hạnh, Loan, Nga, Nhung, Hà, Vân, Uyên, Diễm, Quyên, Tú, Tâm, An, Minh');
const ZH_F = L(
  'Wang=王, Li/Lee=李, Zhang/Chang=张, Liu/Lau=刘, Chen/Chan=陈, Yang/Yeung=杨, Huang/Wong=黄, Zhao/Chao=赵, Wu/Ng=吴, Zhou/Chou=周, Xu/Hsu=徐, Sun=孙, Ma=马, Zhu/Chu=朱, Hu/Woo=胡, Lin/Lam=林, Guo/Kwok=郭, He/Ho=何, Gao/Ko=高, Luo/Law=罗, Liang/Leung=梁, Xie/Hsieh=谢, Song/Sung=宋, Tang=唐, Zeng/Tsang=曾, Cai/Tsai=蔡, Zheng/Cheng=郑',
);
const ZH_G = L(
  'Xiaoming/Xiao Ming=小明, Wei=伟, Fang=芳, Xiuying/Xiu Ying=秀英, Na=娜, Min=敏, Jing=静, Qiang=强, Lei=磊, Jun=军, Yong=勇, Yan=艳, Jie=杰, Juan=娟, Tao=涛, Chao=超, Xiulan/Xiu Lan=秀兰, Xia=霞, Ping=平, Gang=刚, Guiying/Gui Ying=桂英, Jianhua/Jian Hua=建华, Zhiqiang/Zhi Qiang=志强, Lihua/Li Hua=丽华, Haiyan/Hai Yan=海燕, Xiaodong/Xiao Dong=晓东, Wenjie/Wen Jie=文杰, Meiling/Mei Ling=美玲, Jiahao/Jia Hao=家豪, Zixuan/Zi Xuan=子轩, Yuhan/Yu Han=雨涵, Xinyi/Xin Yi=欣怡, Haoran/Hao Ran=浩然, Junjie/Jun Jie=俊杰, Jiaxin/Jia Xin=嘉欣, Guohua/Guo Hua=国华, Shufen/Shu Fen=淑芬, Jianguo/Jian Guo=建国, Yulan/Yu Lan=玉兰, Chunmei/Chun Mei=春梅, Siyuan/Si Yuan=思远, Minghui/Ming Hui=明辉',
);
const KO_F = L(
  'Kim/Gim=김, Lee/Yi/Rhee=이, Park/Pak/Bak=박, Choi/Choe=최, Jung/Jeong/Chung=정, Kang/Gang=강, Cho/Jo=조, Yoon/Yun=윤, Jang/Chang=장, Lim/Im/Rim=임, Han=한, Oh=오, Seo/Suh=서, Shin/Sin=신, Kwon/Gwon=권, Hwang=황, Ahn/An=안, Song=송, Yoo/Yu=유, Hong=홍',
);
const KO_G = L(
  'Min-jun/Minjun/Min-joon=민준, Seo-yeon/Seoyeon/Seo-yun=서연, Ji-hoon/Jihoon/Ji-hun=지훈, Ji-woo/Jiwoo/Ji-u=지우, Seo-jun/Seojun/Suh-joon=서준, Ha-eun/Haeun=하은, Do-yoon/Doyun/Do-yun=도윤, Ye-jun/Yejun/Ye-joon=예준, Ji-min/Jimin=지민, Hyun-woo/Hyeon-u/Hyunwoo=현우, Eun-ji/Eunji=은지, Sung-min/Seong-min/Sungmin=성민, Young-ho/Yeong-ho/Youngho=영호, Mi-young/Mi-yeong/Miyoung=미영, Jung-hee/Jeong-hui/Junghee=정희, Hye-jin/Hyejin=혜진, Jae-won/Jaewon=재원, Dong-hyun/Dong-hyeon/Donghyun=동현, Sang-woo/Sang-u/Sangwoo=상우, Tae-hyun/Tae-hyeon/Taehyun=태현, Kyung-soo/Gyeong-su/Kyungsoo=경수, Joo-won/Ju-won/Joowon=주원, Min-seo/Minseo=민서, Ji-hyun/Ji-hyeon/Jihyun=지현, Eun-young/Eun-yeong/Eunyoung=은영, Jin-ho/Jinho=진호, Soo-jin/Su-jin/Soojin=수진, Young-soo/Yeong-su/Youngsoo=영수, Hye-won/Hyewon=혜원, Jae-hoon/Jae-hun/Jaehoon=재훈, Soon-ja/Sun-ja/Soonja=순자, Jung-sook/Jeong-suk=정숙',
);
const PA_G = L(
  'Gurpreet/Gurprit=ਗੁਰਪ੍ਰੀਤ, Harjit/Harjeet=ਹਰਜੀਤ, Amandeep/Amandip=ਅਮਨਦੀਪ, Manpreet/Manprit=ਮਨਪ੍ਰੀਤ, Jaswinder/Jasvinder=ਜਸਵਿੰਦਰ, Harpreet/Harprit=ਹਰਪ੍ਰੀਤ, Kuldeep/Kuldip=ਕੁਲਦੀਪ, Sukhwinder/Sukhvinder=ਸੁਖਵਿੰਦਰ, Balwinder/Balvinder=ਬਲਵਿੰਦਰ, Rajinder/Rajindar=ਰਾਜਿੰਦਰ, Paramjit/Paramjeet=ਪਰਮਜੀਤ, Navdeep/Navdip=ਨਵਦੀਪ, Simranjit/Simranjeet=ਸਿਮਰਨਜੀਤ, Gurdeep/Gurdip=ਗੁਰਦੀਪ, Jaspreet/Jasprit=ਜਸਪ੍ਰੀਤ, Ravinder/Ravindar=ਰਵਿੰਦਰ, Hardeep/Hardip=ਹਰਦੀਪ, Kamaljit/Kamaljeet=ਕਮਲਜੀਤ, Inderjit/Inderjeet=ਇੰਦਰਜੀਤ, Sarabjit/Sarabjeet=ਸਰਬਜੀਤ, Baljit/Baljeet=ਬਲਜੀਤ, Jagdeep/Jagdip=ਜਗਦੀਪ, Mandeep/Mandip=ਮਨਦੀਪ, Rupinder/Rupindar=ਰੁਪਿੰਦਰ, Sukhdeep/Sukhdip=ਸੁਖਦੀਪ, Taranjit/Taranjeet=ਤਰਨਜੀਤ, Jasleen=ਜਸਲੀਨ, Simran=ਸਿਮਰਨ, Harleen=ਹਰਲੀਨ, Navjot=ਨਵਜੋਤ',
);
const PA_S = L(
  'Sandhu=ਸੰਧੂ, Gill=ਗਿੱਲ, Dhillon=ਢਿੱਲੋਂ, Sidhu=ਸਿੱਧੂ, Grewal=ਗਰੇਵਾਲ, Brar=ਬਰਾੜ, Bains=ਬੈਂਸ, Johal=ਜੌਹਲ, Sekhon=ਸੇਖੋਂ, Cheema=ਚੀਮਾ, Randhawa=ਰੰਧਾਵਾ, Atwal=ਅਟਵਾਲ, Mann=ਮਾਨ, Virk=ਵਿਰਕ, Dhaliwal=ਧਾਲੀਵਾਲ, Sahota=ਸਹੋਤਾ, Kang=ਕੰਗ, Bhullar=ਭੁੱਲਰ, Hundal=ਹੁੰਦਲ, Chahal=ਚਾਹਲ',
);
const [SINGH, KAUR] = ['Singh=ਸਿੰਘ', 'Kaur=ਕੌਰ'];
const HI_G = L(
  'Rajesh=राजेश, Suresh=सुरेश, Anil=अनिल, Sunil=सुनील, Priya=प्रिया, Pooja/Puja=पूजा, Amit=अमित, Sanjay=संजय, Deepak/Dipak=दीपक, Anita=अनीता, Sunita=सुनीता, Vikram=विक्रम, Neha=नेहा, Ravi=रवि, Manoj=मनोज, Kavita=कविता, Arjun=अर्जुन, Meena/Mina=मीना, Ramesh=रमेश, Asha=आशा, Rahul=राहुल, Pradeep/Pradip=प्रदीप, Geeta/Gita=गीता, Vijay=विजय, Lakshmi/Laxmi=लक्ष्मी, Sandeep/Sandip=संदीप, Ashok=अशोक, Rekha=रेखा',
);
const HI_S = L(
  'Kumar=कुमार, Sharma=शर्मा, Patel=पटेल, Gupta=गुप्ता, Verma=वर्मा, Singh=सिंह, Yadav=यादव, Mishra=मिश्रा, Agarwal/Agrawal=अग्रवाल, Joshi=जोशी, Shah=शाह, Reddy=रेड्डी, Devi=देवी, Chauhan=चौहान, Tiwari/Tewari=तिवारी, Srivastava=श्रीवास्तव, Pandey=पांडे, Iyer=अय्यर, Nair=नायर',
);
const AR_G = L(
  'Muhammad/Mohammed/Mohamed/Mohammad/Muhammed, Ahmed/Ahmad, Mahmoud/Mahmud, Omar/Umar, Ali, Hassan/Hasan, Hussein/Hussain/Husain, Khaled/Khalid, Yusuf/Youssef/Yousef, Ibrahim/Ebrahim, Mustafa/Mostafa, Abdul Rahman/Abdulrahman/Abd al-Rahman/Abdelrahman, Abdullah/Abdallah, Tariq/Tarek, Samir/Sameer, Karim/Kareem, Nabil, Walid/Waleed, Jamal, Rashid/Rasheed, Fatima/Fatma/Fatimah, Aisha/Aicha/Ayesha, Mariam/Maryam, Layla/Leila/Laila, Noor/Nour/Nur, Amina/Aminah, Zainab/Zaynab, Huda/Hoda, Rania, Samira/Sameera, Yasmin/Yasmeen, Salma, Nadia',
);
const AR_S = L(
  'Al-Sayed/El-Sayed/Elsayed/Al Sayed, El-Amin/Al-Amin/Elamin, Haddad, Khoury/Khouri, Mansour/Mansur, Nasser/Nasir, Saleh/Salih, Hamdan, Ahmadi, Rahimi, Hakimi, Noori/Nouri, Sultani, Popal, Wardak, Al-Masri/El-Masri/Elmasri, Al-Hashimi/Al-Hashemi, Darwish/Darwich, Kassem/Qasim/Kasim, Jaber/Jabir, Shamoun, Kassab, Jajou, Kalasho, Yousif/Yousef',
);
const HY_G = L(
  'Armen, Aram, Ani, Anahit, Arpi, Gor, Hayk, Karen, Lilit, Narek, Tigran, Vardan, Mariam, Nare, Ashot, Hovhannes, Gayane, Lusine, Sona, Raffi, Shant, Vahe, Arsen, Knarik, Siranush, Garik, Levon, Hrant, Sevak, Anush, Astghik, Taguhi, Nairi, Talin, Sossi',
);
const HY_S = L(
  'Petrosyan, Sargsyan, Hagopian, Grigoryan, Haroutunian, Avetisyan, Khachatryan, Vardanyan, Karapetyan, Manoukian, Kevorkian, Ghazaryan, Melkonian, Papazian, Minasian, Ohanian, Mkrtchyan, Simonyan, Hovsepian, Martirosyan, Arakelian, Stepanyan, Aslanyan, Babayan, Galstyan, Hambardzumyan, Der-Bedrossian, Keshishian',
);
const HM_G = L(
  'Pa Nhia, Mai Yer, Mai Nou, Mai Kou, Pa Kou, Mai Chue, Pa Houa, Kou, Tou, Chue, Fong, Nou, Bao, Kia, Neng, Pheng, Xee, Houa, Youa, Tong, Chao, Sai, Ger, Lue, Cher, Kao, Shoua, Yeng, Nhia, Blia, Mee, Der, Khou, Phoua, Seng, Teng, Cheng, Dao, Toua, Nao',
);
const HM_S = L('Vang, Xiong, Yang, Lee, Her, Thao, Moua, Lor, Vue, Hang, Chang, Khang, Kue, Cha, Lo, Thor');
/** Names on no record, by culture (given names, surnames), for people who are not on the board. */
const ABSENT_NAMES: Record<string, string[][]> = {
  es: [
    L('Anselmo, Eusebio, Leocadia, Hermelinda, Sixto, Eustaquio, Clemente, Filiberto, Porfirio, Macaria, Brígida, Obdulia, Jacinto, Nicanor, Zenaida, Cipriano, Evaristo, Amparo'),
    L('Quezada, Bocanegra, Arredondo, Tapia, Olivares, Montiel, Barragán, Saucedo, Zamudio, Cárdenas, Villaseñor, Galindo, Peralta, Bustos, Lozano, Esquivel, Sotelo'),
  ],
  fil: [L('Jericho, Marivic, Rizaldy, Jhoanna'), L('Lagman, Tumang, Sarmiento, Cuison')],
  vn: [L('Khải, Lộc, Nhân, Thịnh, Trâm'), L('Kiều, Khúc, Thái, Ông')],
  ar: [L('Bilal, Idris, Safiya'), L('Qureshi, Zaidi, Barakat')],
  hy: [L('Vazgen, Hasmik, Zaven'), L('Ghukasyan, Zakarian, Boyajian')],
  pa: [L('Tejinder, Harinder, Lakhvir'), L('Toor, Pannu, Gosal')],
  hi: [L('Nikhil, Swati, Pankaj'), L('Bhatt, Saxena, Kapoor')],
  hm: [L('Yia, Xue, Nyiaj'), L('Fang, Pha, Kong')],
};
const ABSENT_NATIVE = [
  L('Peng=彭, Dong=董, Yuan=袁'),
  L('Deming/De Ming=德明, Qiuju/Qiu Ju=秋菊, Hongwei/Hong Wei=宏伟'),
  L('Bae=배, Nam=남, Moon/Mun=문'),
  L('Ha-neul/Haneul=하늘, Da-eun/Daeun=다은, Seung-woo/Seungwoo=승우'),
];
/** Given names and the short forms families use for them (Spanish, Tagalog, English). */
const NICKNAMES: Record<string, string[]> = Object.fromEntries(
  L(
    'jose:pepe chepe jojo, francisco:paco pancho kiko, guadalupe:lupe lupita, jesus:chuy chucho, guillermo:memo, ignacio:nacho, antonio:toño tony tonyo, eduardo:lalo eddie, alberto:beto, roberto:beto, humberto:beto, concepcion:concha conchita, rosario:chayo charo, alejandro:alex, enrique:quique kike, rafael:rafa, salvador:chava, manuel:manolo, dolores:lola, consuelo:chelo, socorro:coco, teresa:tere, margarita:mago, vicente:chente, isabel:chabela, francisca:pancha paquita, gregorio:goyo, santiago:chago, fernando:nando, ernesto:neto erning, rodolfo:fito, adolfo:fito, alfonso:poncho, patricia:paty, leticia:lety, veronica:vero, yolanda:yoli, graciela:chela, mercedes:meche, gonzalo:chalo, lorenzo:lencho, ramon:moncho, alicia:licha, gabriela:gaby, josefina:pepa chepina pining, luis:lucho wicho, federico:quico, rigoberto:rigo, ricardo:carding, teresita:tess, remedios:medy, rodrigo:digong, leonardo:nardo, bernardo:nardo, corazon:cory, emmanuel:manny, reynaldo:rey, michael:mike, robert:bob bobby, william:bill will, elizabeth:liz beth, richard:rick, katherine:kathy kate, margaret:peggy maggie, anthony:tony, jennifer:jenny jen, christopher:chris, joseph:joe, daniel:danny, david:dave, peter:pete',
  ).map((entry) => [entry.split(':')[0]!, entry.split(':')[1]!.split(' ')]),
);
const CITIES: Record<string, string[]> = {
  es: L(
    'Los Angeles, Fresno, Santa Ana, Salinas, Oxnard, Bakersfield, Modesto, Stockton, Watsonville, Madera, Merced, Visalia, Delano, Indio, Coachella, Calexico, El Centro, Pomona, Ontario, Riverside, San Bernardino, South Gate, Huntington Park, Chula Vista, Santa Rosa, Napa, Hayward, Richmond, Oakland, San Jose, Escondido, Hanford, Porterville, Anaheim',
  ),
  maya: L('Los Angeles, Oakland, San Rafael, Santa Ana, Long Beach, Los Angeles'),
  oax: L('Oxnard, Santa Maria, Madera, Fresno, Los Angeles, Greenfield, Arvin, Vista'),
  fil: L('Daly City, Vallejo, National City, Carson, West Covina, Union City, Milpitas, Stockton, Chula Vista, San Diego'),
  vn: L('San Jose, Westminster, Garden Grove, Santa Ana, Fountain Valley, Sacramento, San Diego, Milpitas, Oakland'),
  zh: L('San Francisco, Monterey Park, Arcadia, Cupertino, Fremont, Alhambra, Oakland, San Gabriel, Rowland Heights, Irvine'),
  ko: L('Los Angeles, Torrance, Fullerton, Buena Park, Irvine, Cerritos, Garden Grove, San Jose'),
  ar: L('Anaheim, El Cajon, Sacramento, Fremont, Hayward, Santa Clara'),
  pa: L('Yuba City, Fresno, Stockton, Bakersfield, Fremont, Manteca, Livingston, Selma, Sacramento'),
  hi: L('Fremont, Sunnyvale, Artesia, Cerritos, Santa Clara, San Ramon, Irvine'),
  hy: L('Glendale, Burbank, Pasadena, Los Angeles, Fresno, Montebello'),
  hm: L('Fresno, Sacramento, Merced, Stockton, Chico, Oroville, Visalia, Clovis'),
};

// ---------------------------------------------------------------- folding and keys
const fold = (text: string) =>
  text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .normalize('NFC')
    .toLowerCase()
    .replace(/đ/g, 'd');
const PARTICLES = new Set(L('de, del, la, las, los, y, dela, delos, al, el'));
/** Folded, without particles ("de la Cruz" -> "cruz", "Al-Sayed" -> "sayed"); hyphens inside a name stay. */
const core = (text: string) =>
  fold(text)
    .split(' ')
    .map((word) =>
      word
        .split('-')
        .filter((piece) => !PARTICLES.has(piece))
        .join('-'),
    )
    .filter(Boolean)
    .join(' ');
/** Rewrite rules, "from>to" separated by spaces, each from a regular expression. */
const rules = (text: string, flags = '') =>
  text.split(' ').map((rule): [RegExp, string] => {
    const [from, to] = rule.split('>');
    return [new RegExp(from!, flags), to!];
  });
/** Spelling equivalents collapsed, in this order (1-6 hold digraphs): silent h, b/v, s/z/c, ll/y/i, j/g before e and i, qu/k, ph/f, ee/i, oo/u. */
const LOOSE = rules('[^a-z]> ph>f ch>1 sh>2 th>3 kh>4 gh>5 h> gu(?=[ei])>6 g(?=[ei])>j 6>g qu>k c(?=[ei])>s c>k z>s v>b ll>y y>i ee>i oo>u', 'g');
const loose = (word: string) => LOOSE.reduce((w, [from, to]) => w.replace(from, to), word);
/** Optimal string alignment distance: substitutions, insertions, deletions, adjacent swaps. */
function osa(a: string, b: string): number {
  const d = Array.from({ length: a.length + 1 }, (_, i) => Array.from({ length: b.length + 1 }, (_, j) => (i && j ? 0 : i + j)));
  for (let i = 1; i <= a.length; i++)
    for (let j = 1; j <= b.length; j++) {
      d[i]![j] = Math.min(d[i - 1]![j]! + 1, d[i]![j - 1]! + 1, d[i - 1]![j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
      if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) d[i]![j] = Math.min(d[i]![j]!, d[i - 2]![j - 2]! + 1);
    }
  return d[a.length]![b.length]!;
}

// ---------------------------------------------------------------- records
type Role = 'given' | 'middle' | 'family';
type Part = { text: string; sep: string; core: string; key: string; role: Role; forms: string[]; native?: string };
type Rec = { id: string; name: string; city: string; culture: string; script: 'latin' | 'native'; parts: Part[] };

function part(entry: string, role: Role, style: { native?: boolean; variant?: boolean; lead?: string } = {}): Part {
  const [latin, native] = entry.split('=') as [string, string | undefined];
  const forms = latin.split('/');
  const text = (style.lead ? style.lead + ' ' : '') + (style.native ? native! : style.variant && forms.length > 1 ? pick(forms.slice(1)) : forms[0]!);
  return { text, sep: ' ', core: style.native ? text : core(text), key: loose(core(forms[0]!)), role, forms, native };
}
/** "María de los Ángeles" -> María, de los Ángeles: a compound given name, each name a part with its particles. */
const givenParts = (name: string): Part[] =>
  name
    .replace(/\b(de|del|la|los) /g, '$1_')
    .split(' ')
    .map((word) => part(word.replace(/_/g, ' '), 'given'));

function hispanic(surnames: string[], second = surnames): Part[] {
  const female = chance(0.5);
  const given = chance(0.38) ? givenParts(pick(female ? ES_F2 : ES_M2)) : givenParts(skew(female ? ES_F : ES_M, 1.3));
  const first = part(skew(surnames), 'family');
  const r = rand();
  if (r < 0.2) return [...given, first];
  let other = part(skew(second), 'family');
  while (other.key === first.key) other = part(skew(second), 'family');
  const plain = !/^(de|del|la) /i.test(other.text);
  if (female && r < 0.32 && plain) other = part(other.forms[0]!, 'family', { lead: 'de' });
  else if (r < 0.37 && plain) other = part(other.forms[0]!, 'family', { lead: 'y' });
  else if (r < 0.44 && plain) other.sep = '-';
  return [...given, first, other];
}
const native = (parts: Part[], sep: string) => parts.map((p, i) => ({ ...part(p.forms.join('/') + '=' + p.native, p.role, { native: true }), sep: i ? sep : '' }));
/** How many records of each community, and how each community writes a name. */
const COUNTS: Record<string, number> = { es: 323, maya: 40, oax: 45, fil: 110, vn: 110, zh: 80, ko: 80, ar: 60, pa: 70, hi: 40, hy: 40, hm: 42 };
const BUILD: Record<string, () => { parts: Part[]; script?: 'native' }> = {
  es: () => ({ parts: hispanic(ES_S) }),
  maya: () => ({ parts: hispanic(MAYA_S, chance(0.5) ? MAYA_S : ES_S) }),
  oax: () => ({ parts: hispanic(OAX_S, chance(0.5) ? OAX_S : ES_S) }),
  fil() {
    const given = chance(0.2) ? givenParts(pick(FIL_G2)) : [part(chance(0.2) ? pick(EN_G) : skew(FIL_G, 1.3), 'given')];
    const family = part(skew(FIL_S), 'family');
    let middle = part(skew(FIL_S), 'family');
    while (middle.key === family.key) middle = part(skew(FIL_S), 'family');
    return { parts: chance(0.6) ? [...given, middle, family] : [...given, family] };
  },
  vn() {
    const family = part(chance(0.38) ? 'Nguyễn' : skew(VN_F), 'family');
    const female = chance(0.5);
    if (chance(0.1)) return { parts: [part(pick(EN_G), 'given'), family] };
    const middle = part(female ? (chance(0.65) ? 'Thị' : pick(VN_M)) : chance(0.55) ? 'Văn' : pick(VN_M), 'middle');
    const given = part(pick(female ? VN_F_G : VN_M_G), 'given');
    return { parts: chance(0.12) ? [given, middle, family] : [family, middle, given] };
  },
  zh() {
    const [family, given] = [part(skew(ZH_F, 1.4), 'family'), part(pick(ZH_G), 'given')];
    if (chance(0.5)) return { parts: native([family, given], ''), script: 'native' };
    return { parts: chance(0.45) ? [family, given] : [given, family] };
  },
  ko() {
    const [family, given] = [part(skew(KO_F, 2.2), 'family'), part(pick(KO_G), 'given', { variant: chance(0.35) })];
    if (chance(0.45)) return { parts: native([family, given], ''), script: 'native' };
    return { parts: chance(0.4) ? [family, given] : [given, family] };
  },
  ar() {
    const given = part(skew(AR_G, 1.3), 'given', { variant: chance(0.35) });
    const family = part(skew(AR_S, 1.3), 'family', { variant: chance(0.35) });
    return { parts: chance(0.3) ? [given, part(pick(AR_G.slice(0, 20)), 'middle', { variant: chance(0.3) }), family] : [given, family] };
  },
  pa() {
    const female = chance(0.5);
    const given = part(pick(female ? PA_G : PA_G.slice(0, -4)), 'given', { variant: chance(0.2) });
    const [middle, family] = [part(female ? KAUR : SINGH, 'middle'), part(skew(PA_S, 1.3), 'family')];
    const r = rand();
    const parts = r < 0.6 ? [given, middle, family] : r < 0.8 ? [given, middle] : [given, family];
    return chance(0.22) ? { parts: native(parts, ' '), script: 'native' } : { parts };
  },
  hi() {
    const parts = [part(pick(HI_G), 'given', { variant: chance(0.2) }), part(skew(HI_S, 1.3), 'family')];
    if (chance(0.15)) parts.splice(1, 0, part(HI_S[0]!, 'middle'));
    return chance(0.28) ? { parts: native(parts, ' '), script: 'native' } : { parts };
  },
  hy: () => ({ parts: [part(pick(HY_G), 'given'), part(pick(HY_S), 'family')] }),
  hm: () => ({ parts: [...givenParts(pick(HM_G)), part(skew(HM_S, 1.5), 'family')] }),
};

const records: Rec[] = [];
const seenNames = new Set<string>();
for (const [culture, count] of Object.entries(COUNTS)) {
  for (let made = 0; made < count;) {
    const { parts, script = 'latin' } = BUILD[culture]!();
    const name = parts.map((p, i) => (i ? p.sep : '') + p.text).join('');
    const signature = JSON.stringify(parts.map((p) => p.key).sort());
    if (seenNames.has(fold(name)) || seenNames.has(signature) || new Set(parts.map((p) => p.key)).size < parts.length) continue;
    seenNames.add(fold(name)).add(signature);
    records.push({ id: '', name, city: pick(CITIES[culture]!), culture, script, parts });
    made++;
  }
}
shuffled(records).forEach((record, i) => (record.id = `r${String(i + 1).padStart(4, '0')}`));
records.sort((a, b) => a.id.localeCompare(b.id));

// ---------------------------------------------------------------- what a query means, and who satisfies it
/** A word of a query: the keys of the name parts it stands for, or a prefix of one. */
type Term = { keys: string[]; prefix?: string; word: string };
const termOf = (p: Part): Term => ({ keys: [p.key], word: p.core });
const FULL_OF = new Map<string, string[]>();
for (const [full, shorts] of Object.entries(NICKNAMES)) for (const short of shorts) FULL_OF.set(fold(short), [...(FULL_OF.get(fold(short)) ?? []), full]);
const nickTerm = (nick: string): Term => ({ keys: [...FULL_OF.get(fold(nick))!, fold(nick)].map(loose), word: fold(nick) });
/** Exact intent: each term a different part of the record, with its key (or beginning with its prefix). */
const exactly = (t: Term, p: Part) => (t.prefix ? p.core.split(/[ -]/).some((w) => w.startsWith(t.prefix!)) : t.keys.includes(p.key));
/** The edits a typo query may make in a word of this length (typo1, typo2): the absent must not be that near a name on the board. */
const tolerance = (word: string) => (word.length >= 8 ? 2 : word.length >= 4 ? 1 : 0);
/** Loose intent, for the absent: a nickname either way, a beginning, a typo away, or a word of the city. */
const loosely = (t: Term, p: Part) => {
  const keys = t.keys.flatMap((k) => [k, ...[...(NICKNAMES[t.word] ?? []), ...(FULL_OF.get(t.word) ?? [])].map(loose)]);
  const near = (a: string, b: string) => b.startsWith(a) || osa(a, b) <= tolerance(a);
  return exactly(t, p) || keys.some((k) => near(k, p.key)) || p.core.split(/[ -]/).some((w) => near(t.word, w));
};
function assign(terms: Term[], parts: Part[], fits: (t: Term, p: Part) => boolean, used = new Set<number>(), i = 0): boolean {
  if (i === terms.length) return true;
  return parts.some((p, j) => {
    if (used.has(j) || !fits(terms[i]!, p)) return false;
    used.add(j);
    if (assign(terms, parts, fits, used, i + 1)) return true;
    used.delete(j);
    return false;
  });
}
const satisfying = (terms: Term[]) => records.filter((r) => assign(terms, r.parts, exactly));
const cityParts = (r: Rec) =>
  fold(r.city)
    .split(' ')
    .map((w) => ({ ...part(w, 'family'), core: w }));
const anyLoosely = (terms: Term[]) => records.some((r) => assign(terms, [...r.parts, ...cityParts(r)], loosely));

// ---------------------------------------------------------------- queries, kind by kind
const TOKENS = new Set<string>(
  [...records.flatMap((r) => r.parts.flatMap((p) => [...p.forms.map(core), p.core])), ...Object.keys(NICKNAMES), ...FULL_OF.keys()].flatMap((t) => t.split(/[ -]/)),
);
const KEYS = new Set([...TOKENS].map(loose));
const given = (r: Rec) => r.parts.filter((p) => p.role === 'given');
const family = (r: Rec) => r.parts.filter((p) => p.role === 'family');
const latinName = (r: Rec) => r.script === 'latin';
/** The parts as written, folded, with their particles (only particle queries leave them out or add some). */
const words = (parts: Part[]) => parts.map((p) => fold(p.text)).join(' ');
const ROWS = ['qwertyuiop', 'asdfghjkl', 'zxcvbnm'];
const neighbour = (c: string) => {
  const row = ROWS.find((r) => r.includes(c))!;
  const i = row.indexOf(c);
  return pick([row[i - 1], row[i + 1]].filter(Boolean) as string[]);
};
/** One slip of a typing thumb, never in the first letter: a neighbouring key, a letter dropped, doubled or swapped. */
function slip(word: string): string {
  const i = 1 + Math.floor(rand() * (word.length - 1));
  const op = pick(['sub', 'sub', 'drop', 'double', 'swap']);
  if (op === 'sub') return word.slice(0, i) + neighbour(word[i]!) + word.slice(i + 1);
  if (op === 'drop') return word.slice(0, i) + word.slice(i + 1);
  if (op === 'double') return word.slice(0, i + 1) + word.slice(i);
  return i < word.length - 1 ? word.slice(0, i) + word[i + 1] + word[i] + word.slice(i + 2) : word;
}
/** Base words (a given name and a surname, or the whole name) with one word of the wanted length misspelt. */
function misspelt(r: Rec, length: (n: number) => boolean, edits: number) {
  if (!latinName(r)) return null;
  const parts = chance(0.6) && family(r).length ? [given(r)[0]!, family(r)[0]!] : r.parts;
  const list = words(parts).split(' ');
  const fit = list.flatMap((w, i) => (/^[a-z]+$/.test(w) && !PARTICLES.has(w) && length(w.length) ? [i] : []));
  if (!fit.length) return null;
  const at = pick(fit);
  let typo = list[at]!;
  for (let n = 0; n < edits; n++) typo = slip(typo);
  if (osa(typo, list[at]!) !== edits || TOKENS.has(typo) || KEYS.has(loose(typo))) return null;
  list[at] = typo;
  // The misspelt word stands for any name as near to it as to the one meant: "lina reyes" is no query for Linda Reyes if Gina Reyes is on the board.
  const terms = parts.map(termOf);
  const owner = parts.flatMap((p, i) =>
    fold(p.text)
      .split(' ')
      .map(() => i),
  )[at]!;
  terms[owner] = { ...terms[owner]!, keys: [...terms[owner]!.keys, ...[...TOKENS].filter((t) => osa(typo, t) <= edits).map(loose)] };
  return { q: list.join(' '), terms };
}
/** Spelling equivalents: Spanish ones for names of Spanish origin, English ones (ph/f, ee/i, oo/u) for any. */
const SOUNDS_EN = rules('ph>f ee>i oo>u');
const SOUNDS_ES = [
  ...rules('v>b b>v z$>s z(?=[aeiou])>s (?<=e)s$>z c(?=[ei])>s ll>y ^h(?=[aeiou])> j(?=[ei])>g g(?=[ei])>j qu(?=[ei])>k (?<=[aeiou])y(?![aeiou])>i'),
  ...SOUNDS_EN,
];
/** Surnames a family may write with a particle or without. */
const ADD_PARTICLE = Object.fromEntries(
  L('cruz:de la, rosa:de la, torre:de la, garza:de la, leon:de, guzman:de, jesus:de, rosario:del, rio:del, valle:del, santos:de los, reyes:de los').map((e) => e.split(':')),
);

type Built = { q: string; terms: Term[] } | null;
const KINDS: Record<string, (r: Rec) => Built> = {
  script(r) {
    const all = r.parts.map(termOf);
    const familyFirst = (parts: Part[]) => [...parts.filter((p) => p.role === 'family'), ...parts.filter((p) => p.role !== 'family')];
    if (!latinName(r)) {
      const han = ['zh', 'ko'].includes(r.culture);
      const parts = han && chance(0.45) ? [...given(r), ...family(r)] : r.parts;
      return { q: parts.map((p) => fold(chance(0.65) ? p.forms[0]! : pick(p.forms))).join(' '), terms: all };
    }
    if (r.parts.every((p) => p.native) && chance(0.55)) {
      const han = ['zh', 'ko'].includes(r.culture);
      return { q: (han ? familyFirst(r.parts) : r.parts).map((p) => p.native).join(han ? '' : ' '), terms: all };
    }
    const other = r.parts.map((p) => (p.forms.length > 1 && chance(0.8) ? fold(pick(p.forms.filter((f) => f !== p.text))) : fold(p.text)));
    return other.join(' ') === words(r.parts) ? null : { q: other.join(' '), terms: all };
  },
  vietnamese(r) {
    if (r.culture !== 'vn' || r.parts.length < 3) return null;
    const [g, m, f] = [given(r)[0]!, r.parts.find((p) => p.role === 'middle')!, family(r)[0]!];
    const x = rand();
    const parts = x < 0.3 ? r.parts : x < 0.55 ? [g, f] : x < 0.8 ? [f, g] : r.parts[0] === f ? [g, m, f] : [f, m, g];
    return { q: words(parts), terms: parts.map(termOf) };
  },
  particle(r) {
    const fams = family(r);
    if (!latinName(r) || !['es', 'maya', 'oax', 'fil'].includes(r.culture)) return null;
    const texts = fams.map((p) => fold(p.text).replace(/-/g, ' '));
    const options: (() => string[])[] = [];
    if (fams.some((p) => fold(p.text) !== p.core)) options.push(() => fams.map((p) => p.core));
    if (texts.some((t) => /^(de la|dela) /.test(t)))
      options.push(() =>
        texts.map((t) => t.replace(/^(de la|dela) (\S+)$/, (_, was: string, rest: string) => pick([was === 'dela' ? `de la ${rest}` : `dela ${rest}`, `dela${rest}`]))),
      );
    if (fams.length === 2 && fams[1]!.sep === ' ' && fold(fams[1]!.text) === fams[1]!.core) options.push(() => [texts[0]!, `y ${fams[1]!.core}`]);
    if (fams.some((p) => ADD_PARTICLE[p.core] && fold(p.text) === p.core))
      options.push(() => fams.map((p, i) => (ADD_PARTICLE[p.core] && fold(p.text) === p.core ? `${ADD_PARTICLE[p.core]} ${p.core}` : texts[i]!)));
    if (!options.length) return null;
    const q = `${words(given(r))} ${pick(options)().join(' ')}`;
    return q === fold(r.name).replace(/-/g, ' ') ? null : { q, terms: r.parts.map(termOf) };
  },
  compound(r) {
    const gs = given(r);
    if (!latinName(r) || gs.length < 2 || !family(r).length) return null;
    const one = chance(0.65) ? gs[0]! : gs[1]!;
    const fams = chance(0.7) ? [family(r)[0]!] : family(r);
    return { q: words([one, ...fams]), terms: [one, ...fams].map(termOf) };
  },
  nickname(r) {
    const g = given(r).find((p) => NICKNAMES[p.core]);
    const rest = r.parts.filter((p) => p.role !== 'given');
    if (!latinName(r) || !g || !rest.length) return null;
    const nick = pick(NICKNAMES[g.core]!);
    const fams = family(r).length && chance(0.7) ? [family(r)[0]!] : rest;
    return { q: `${nick} ${words(fams)}`, terms: [nickTerm(nick), ...fams.map(termOf)] };
  },
  'one-surname'(r) {
    const fams = family(r);
    if (!latinName(r) || fams.length < 2) return null;
    const one = chance(0.5) ? fams[0]! : fams[fams.length - 1]!;
    return { q: words([...given(r), one]), terms: [...given(r), one].map(termOf) };
  },
  typo2: (r) => misspelt(r, (n) => n >= 8, 2),
  prefix(r) {
    const g = given(r).find((p) => /^[a-z]{5,}$/.test(p.core));
    if (!latinName(r) || !g || !family(r).length) return null;
    const start = g.core.slice(0, Math.min(3 + Math.floor(rand() * 3), g.core.length - 1));
    return { q: `${start} ${words([family(r)[0]!])}`, terms: [{ keys: [], prefix: start, word: start }, termOf(family(r)[0]!)] };
  },
  phonetic(r) {
    if (!latinName(r)) return null;
    const parts = chance(0.5) && family(r).length ? [given(r)[0]!, family(r)[0]!] : r.parts;
    const list = words(parts).split(' ');
    for (const at of shuffled(list.map((_, i) => i)).filter((i) => !PARTICLES.has(list[i]!))) {
      // Tagalog names keep a hard g and their b; Vietnamese has no such equivalents.
      const spanish = ['es', 'maya', 'oax', 'fil'].includes(r.culture) && !EN_G.some((name) => fold(name) === list[at]);
      const sounds = spanish ? SOUNDS_ES.filter((rule) => r.culture !== 'fil' || !/[bgjv]/.test(rule[0].source)) : r.culture === 'vn' ? [] : SOUNDS_EN;
      for (const [from, to] of shuffled(sounds)) {
        const word = list[at]!.replace(from, to);
        if (word !== list[at] && /^[a-z]+$/.test(word) && loose(word) === loose(list[at]!)) {
          list[at] = word;
          return { q: list.join(' '), terms: parts.map(termOf) };
        }
      }
    }
    return null;
  },
  typo1: (r) => misspelt(r, (n) => n >= 4 && n <= 7, 1),
  order(r) {
    if (!latinName(r) || r.parts.length < 2) return null;
    // Surname first for a name written given name first; the other way round for one written family name first.
    const parts = r.parts[0]!.role === 'given' ? [...family(r), ...r.parts.filter((p) => p.role !== 'family')] : [...r.parts].reverse();
    return { q: parts.map((p) => fold(p.text)).join(' '), terms: r.parts.map(termOf) };
  },
  exact: (r) => ({ q: fold(r.name), terms: r.parts.map(termOf) }),
};

const PER_KIND = 36;
const queries: { q: string; kind: string; expect: string | null }[] = [];
const used = new Set<string>();
const asked = new Set<string>();
for (const [kind, build] of Object.entries(KINDS)) {
  let made = 0;
  for (const r of shuffled(records)) {
    if (made === PER_KIND) break;
    if (used.has(r.id)) continue;
    const built = build(r);
    if (!built || asked.has(built.q)) continue;
    const found = satisfying(built.terms);
    if (found.length !== 1 || found[0] !== r) continue;
    queries.push({ q: built.q, kind, expect: r.id });
    used.add(r.id);
    asked.add(built.q);
    made++;
  }
  if (made < PER_KIND) console.warn(`only ${made} ${kind} queries`);
}

// The absent: a given name and a surname both on the board but never together, names on no record, and names in other scripts.
const ABSENT = Math.round((queries.length * 0.15) / 0.85);
const LATIN_CULTURES = ['es', 'es', 'es', 'maya', 'oax', 'fil', 'fil', 'vn', 'ar', 'hy', 'hm', 'pa', 'hi'];
for (let made = 0; made < ABSENT;) {
  const x = rand();
  let parts: Part[];
  if (x < 0.55) {
    const culture = pick(LATIN_CULTURES);
    const pool = records.filter((r) => r.culture === culture && latinName(r) && family(r).length);
    const [a, b] = [pick(pool), pick(pool)];
    parts = [given(a)[0]!, pick(family(b))];
    if (culture === 'vn' && chance(0.5)) parts.reverse();
  } else if (x < 0.9) {
    const culture = pick(LATIN_CULTURES.filter((c) => ABSENT_NAMES[c]));
    const [names, surnames] = ABSENT_NAMES[culture]!;
    const onBoard = records.filter((r) => r.culture === culture && latinName(r) && family(r).length);
    parts = [part(pick(names!), 'given'), chance(0.5) ? part(pick(surnames!), 'family') : pick(family(pick(onBoard)))];
    if (culture === 'vn') parts.reverse();
  } else {
    const han = chance(0.5) ? 0 : 2;
    parts = [
      part(pick(chance(0.5) ? ABSENT_NATIVE[han]! : han ? KO_F : ZH_F), 'family', { native: true }),
      part(pick(chance(0.5) ? ABSENT_NATIVE[han + 1]! : han ? KO_G : ZH_G), 'given', { native: true }),
    ];
  }
  const q = parts.every((p) => p.native && p.text === p.native) ? parts.map((p) => p.text).join('') : words(parts);
  const terms = parts.map((p) => ({ keys: [p.key], word: p.native && p.text === p.native ? fold(p.forms[0]!) : p.core }));
  if (asked.has(q) || anyLoosely(terms)) continue;
  queries.push({ q, kind: 'absent', expect: null });
  asked.add(q);
  made++;
}

// ---------------------------------------------------------------- files and a summary
const here = folder ? pathToFileURL(`${resolve(folder)}/`) : new URL('.', import.meta.url);
const lines = (items: unknown[]) => `[\n${items.map((item) => JSON.stringify(item)).join(',\n')}\n]\n`;
writeFileSync(new URL('records.json', here), lines(records.map(({ id, name, city }) => ({ id, name, city }))));
writeFileSync(new URL('queries.json', here), lines(queries));
const tally = (keys: string[]) => [...new Set(keys)].map((k) => [k, keys.filter((x) => x === k).length] as const).sort((a, b) => b[1] - a[1]);
const show = (counts: (readonly [string, number])[]) => counts.map(([k, n]) => `${k} ${n}`).join(', ');
console.log(`${records.length} records: ${show(tally(records.map((r) => r.culture)))}`);
console.log(`${queries.length} queries: ${show(tally(queries.map((q) => q.kind)))}`);
console.log(`most shared surnames: ${show(tally(records.flatMap((r) => family(r).map((p) => p.core))).slice(0, 10))}`);
