"""
Name lists for the held-out test set (hand-written for this set; standard library only).

Conventions
  * "Name:3"  -> weight 3 (default weight 1) in weighted lists.
  * "A_B"     -> a multi-word item ("María_Fernanda" is the compound given name "María Fernanda").
  * Particle surnames are tuples (particles, core): ("de la", "Rosa").
"""

# ----------------------------------------------------------------------------- Hispanic
# Given names that have a common nickname get a higher weight so that nickname queries
# have something to aim at.
ES_M = """José:4 Juan:3 Luis:2 Carlos:2 Jorge Miguel:2 Francisco:4 Jesús:4 Antonio:4 Alejandro:2 Manuel:2
Ricardo Roberto:3 Eduardo:4 Fernando Javier Guillermo:4 Ignacio:4 Alberto:3 Enrique:3 Alfredo:2 Refugio:2
Rafael:2 Ramón:2 Gregorio:2 Salvador:2 Ernesto:2 Gilberto:2 Humberto:2 Rigoberto Efraín Fermín Genaro
Hilario Isidro Librado Maximino Nicanor Rutilio Silvestre Teófilo Ubaldo Venancio Jacinto Feliciano Anselmo
Baltazar Domingo Tomás Sebastián Cristóbal Rosendo Aurelio Abundio Macario Porfirio Heriberto Everardo Pedro
Andrés Diego Mateo Emiliano Joaquín Leonel Adán Ismael Ezequiel Benito Raúl Arturo Armando Óscar Mario Hugo
Rubén Saúl Julio Cuauhtémoc Moisés Celestino Crisanto Dagoberto Edgardo Fidencio Hipólito Melquíades Pascual
Vicente:2 Alfonso:2 Lorenzo:2 Gonzalo Marcelino Valentín Gerardo Rogelio Cirilo Eusebio:2 Leobardo
José_Ángel:2 Juan_Carlos:2 José_Luis:2 José_de_Jesús Juan_Pablo Luis_Enrique Jesús_Alberto José_Manuel
Miguel_Ángel:2 Juan_Antonio Carlos_Alberto José_Guadalupe Juan_Manuel Víctor_Hugo Luis_Fernando
José_Eduardo Marco_Antonio Jorge_Luis Francisco_Javier:2 José_Ignacio Juan_de_Dios José_Antonio
Pedro_Pablo José_Guillermo José_Alfredo Luis_Alberto"""

ES_F = """María:2 Guadalupe:4 Rosario:4 Concepción:4 Leticia:4 Socorro:3 Dolores:3 Mercedes:3 Consuelo:3
Graciela:3 Herlinda Eufemia Yesenia Marisol Yadira Abigail Reina Blanca Evelyn Odilia Petrona Zenaida
Yolanda:2 Xóchitl Itzel Citlali Nayeli Fátima Valeria Ximena Isabel:2 Margarita:2 Cristina:2 Josefina:2
Esperanza Teresa:2 Patricia:2 Silvia Araceli Maricela Rocío Lorena Adriana Verónica:2 Beatriz Carmen
Gloria Alma Norma Sandra Claudia Juana Paula Rosa Lucía Elena Juliana Ana Sonia Karla Brenda Iris Estela
Francisca:2 Antonia Gabriela:2 Alejandra:2 Alicia:2 Hortensia:2 Amparo Trinidad:2 Natividad:2 Eréndira
Jazmín Anahí Viridiana Berenice Maribel Perla Rosalba Imelda Otilia Eloísa Griselda Dulce Luz Irma Elvia
Ofelia Catalina
María_Fernanda:3 Luz_María:3 María_Guadalupe:2 Ana_Lucía María_de_los_Ángeles:2 María_del_Carmen:2
María_José María_Elena Rosa_María Ana_María María_Isabel Martha_Alicia María_Teresa Blanca_Estela
Sandra_Patricia Ana_Gabriela María_Luisa Dulce_María María_Concepción María_del_Rosario María_Dolores
Luz_Elena Ana_Julia María_Inés Rosa_Elvira Gloria_Estela Karla_Yesenia María_de_Jesús María_del_Socorro
María_Soledad"""

# Extra given names typical of El Salvador / Honduras / Guatemala (ladino)
CA_M = """Wilfredo:2 Nelson:2 Osmín Lisandro Élmer Nery Edwin Marvin Brayan Melvin Santos:2 Wálter Ever Erick
Kevin Jonathan Selvin Darwin Josué Elías Cristian Misael Noé Reynaldo Geovany Denis Fredy
Carlos_Humberto José_Roberto José_Wilfredo Mario_Ernesto Luis_Alonso Juan_José Jorge_Alberto
Óscar_Armando José_Santos"""
CA_F = """Xiomara:2 Dilcia Oneyda Delmy Marleny Sulma Ingrid Milagro Glenda Heidy Rosibel Wendy Lesly
Jaqueline Yamileth Dinora Marta Ena Zoila Aminta Ondina Digna Suyapa:2 Lilian Gladys Marina
Ana_Cecilia Rosa_Emilia Dina_Marisol Sonia_Elizabeth Reina_Isabel Glenda_Yaneth Sandra_Maribel
Karla_Vanessa"""

# Guatemalan Maya communities (K'iche', Q'eqchi', Mam, Kaqchikel ...): mostly Catholic given names
MAYA_M = """Sebastián Tomás Domingo Baltazar Pascual Diego Francisco:2 Gaspar Santiago Lucas Mateo Juan Pedro
Andrés Marcos Miguel Jacinto Felipe Nicolás Virgilio"""
MAYA_F = """Catarina:2 Petrona:2 Juana Rigoberta Magdalena Micaela Candelaria Manuela Tomasa Sebastiana
Francisca Dominga Marta Lucía Ana Santa Juliana Vicenta Rosa_María"""

MX_SUR = """García:16 Hernández:10 Martínez:9 López:9 González:8 Rodríguez:7 Pérez:5 Sánchez:5 Ramírez:5
Flores:4 Gómez:3 Morales:3 Vázquez:3 Jiménez:3 Reyes:3 Díaz:3 Torres:3 Gutiérrez:3 Ruiz:3 Mendoza:3
Aguilar:3 Ortiz:2 Moreno:2 Castillo:2 Romero:2 Álvarez:2 Chávez:3 Rivera:2 Juárez:2 Domínguez:2 Herrera:2
Medina:2 Castro:2 Vargas:2 Guzmán:2 Velázquez:2 Muñoz:2 Contreras:2 Salazar:2 Luna:2 Ortega:2 Cervantes
Zúñiga Villaseñor Báez Quintero Beltrán Cisneros Olvera Arreola Zamora Escobedo Nava Bañuelos Tapia Ochoa
Carrillo Barajas Valenzuela Maldonado Sepúlveda Quiñónez Ibarra Landeros Yáñez Echeverría Huerta Ceja
Magaña Villalobos Godínez Solís Cuevas Arellano Delgado Galván Hidalgo Pacheco Trujillo Zavala Ávila
Becerra Cázares Espinoza Fajardo Gallegos Jaramillo Lozano Macías Navarrete Orozco Padilla Quezada Saucedo
Tovar Urías Verduzco Anguiano Alcaraz Bautista Cárdenas Camacho Esquivel Figueroa Garibay Hurtado Iñiguez
Lara Limón Mojica Montoya Nieves Ocampo Pantoja Rangel Rentería Robles Rubio Soto Tejeda Uribe Valdovinos
Zaragoza Zepeda Mercado Meza"""

SV_SUR = """Alvarado:2 Argueta:2 Portillo:2 Menjívar:2 Chicas Ayala Rivas:2 Quintanilla Canales Funes Orellana
Amaya Majano Mejía:2 Henríquez Villatoro Cañas Guardado Bonilla Lemus Hernández:5 García:4 Martínez:4
López:3 Rodríguez:3 Flores:3 Romero:2 Ramos Cruz Reyes:2 Guevara Escobar Rivera:2 Molina Aguilar Sorto
Campos Abarca Alfaro Umaña Galdámez Zelaya Pineda Ascencio Cornejo Fuentes Velásquez Melgar Landaverde"""

HN_SUR = """Zelaya:2 Sabillón Maradiaga Banegas Cálix Euceda Andino Valladares Matute Bulnes Ordóñez Alvarenga
Reconco Turcios Cáceres Midence Irías Mejía:2 Hernández:3 López:3 Martínez:3 García:3 Rodríguez:2
Flores:2 Reyes:2 Castro Fúnez Padilla Zúniga Amador Paz Ramos Rosales Aguilera Cruz Sierra Lobo Murillo
Rivera"""

GT_SUR = """Estrada Monterroso Barrios Recinos Juárez Pérez:3 López:3 García:4 Hernández:2 Méndez Morales:2
Ramírez:2 Cifuentes Orozco Godínez Castañeda Coronado Aldana Véliz Samayoa Sagastume Arriaza Girón"""

MAYA_SUR = """Xol:3 Choc:3 Tzul:3 Cux:3 Caal:2 Coc:2 Pop:2 Tzoc Cac Tut Batz Chiquín Ixcoy Tecú Yax Cojtí
Sicán Xicará Quiej Tiul Maquín Ical Chub Cucul Coy Sacul Tuyuc Chumil Ajpop Sut Xitumul Tzunun Guarchaj
Tum Menchú Chen Ixcot"""

PARTICLE_MX = [("de la", "Rosa"), ("de", "León"), ("del", "Río"), ("de la", "Torre"),
               ("de los", "Santos"), ("de la", "Fuente"), ("del", "Toro"), ("de la", "Cruz"),
               ("de", "Jesús"), ("de la", "Garza"), ("de", "Anda"), ("de", "Haro"),
               ("del", "Real"), ("de la", "Paz"), ("de los", "Reyes"), ("de", "Santiago"),
               ("del", "Ángel"), ("de", "Alba"), ("de", "Luna")]
PARTICLE_CA = [("de la", "Cruz"), ("de", "León"), ("del", "Cid"), ("de", "Paz"),
               ("de la", "Rosa"), ("de", "Jesús")]

# ----------------------------------------------------------------------------- Filipino
FIL_M = """Rodelio Ferdinand:2 Arnel Rogelio:2 Teodoro:2 Rommel:2 Ricardo:2 Efren Danilo:2 Bayani Reynaldo:2
Ernesto:2 Bienvenido:2 Virgilio Rodrigo Eduardo:2 Jose:3 Antonio:2 Romeo:2 Renato Nestor Dante Allan
Christian Jerome Jun:3 Boy:2 Bong:2 Jojo:2 Nonoy Dodong Junjun Jomar Rey Noel Marlon Edgardo Wilfredo
Francisco:2 Emmanuel:2 Dindo Cesar Ramil Joel Arvin Jayson Ronaldo Benjamin:2 Kim
Mark_Anthony:2 John_Paul:2 Jose_Mari Juan_Carlos John_Michael"""
FIL_F = """Maricel Rowena Jocelyn Marites:2 Liza Analyn Jennylyn Corazon:2 Imelda:2 Leonora:2 Editha Perla
Marilou Rosalinda:2 Dalisay Ligaya Tala Mayumi Luningning Baby Girlie Inday Pinky Bing Ding Lorna
Evangeline:2 Remedios:2 Erlinda Teresita:2 Rosario Milagros:2 Divina Lourdes:2 Glenda Joy Kristine Aileen
Jonalyn Charmaine Rhea Precious Maribel Nenita Lolita Cherry Kim
Mary_Grace:2 Ma._Theresa:2 Ma._Cristina Mary_Ann Anna_Liza Maria_Luisa Ma._Lourdes Rose_Ann"""
FIL_SUR = """Santos:3 Reyes:3 Bautista:2 Villanueva:2 Mendoza:2 Aquino:2 Macaraeg Dimaculangan Manalo Pangilinan
Tolentino Magbanua Dimagiba Lacson Sison Panganiban Soriano Agbayani Galang Mercado Ocampo Dizon Bernardo
Cabrera Dimaano Macapagal Lagman Tiongson Yap Sy Go Cruz:2 Garcia:2 Ramos:2 Castillo Navarro Salonga
Cayabyab Mangubat Pascual Quiambao Bulatao Ilagan Maglaya Sumulong Alcantara Buenaventura Evangelista
Estrada Fajardo Gatdula Lumbao Malonzo Natividad Padua Quisumbing Santiago Tuazon Umali Valdez Yumul
Zamora"""
# (particles, core, [display forms])
PARTICLE_FIL = [("dela", "Cruz", ["Dela Cruz", "Dela Cruz", "De la Cruz", "Delacruz"]),
                ("de los", "Santos", ["De los Santos", "Delos Santos", "De Los Santos"]),
                ("del", "Rosario", ["Del Rosario", "Del Rosario", "Delrosario"]),
                ("de", "Guzman", ["De Guzman", "De Guzman", "Deguzman"]),
                ("de", "Leon", ["De Leon", "Deleon"]),
                ("delos", "Reyes", ["Delos Reyes", "De los Reyes"]),
                ("de", "Castro", ["De Castro"]),
                ("de", "Vera", ["De Vera", "Devera"]),
                ("de", "Jesus", ["De Jesus", "Dejesus"])]

# ----------------------------------------------------------------------------- Vietnamese
VN_SUR = """Nguyễn:50 Trần:11 Lê:9 Phạm:7 Hoàng:4 Huỳnh:5 Phan:4 Vũ:3 Võ:4 Đặng:3 Bùi:3 Đỗ:3 Hồ:3 Ngô:3
Dương:2 Lý:2 Đinh:2 Trương:2 Lâm:2 Mai Tạ Châu Quách Lưu Thái Cao Tôn La Kiều Lương Tăng Trịnh Vương
Âu Hà Diệp"""
VN_MID_M = "Văn:6 Đức:2 Minh:2 Hữu:2 Quang Công Thanh Xuân Hoàng Gia Bảo Quốc Trọng"
VN_MID_F = "Thị:6 Ngọc:2 Thanh Kim:2 Thu Bích Mỹ Hồng Phương Diễm Thúy Bảo"
VN_GIV_M = """Tài Hùng Dũng Tuấn Hải Long Khoa Cường Vinh Sơn Khánh Đạt Phúc Thắng Hiếu Duy Tú Lộc Kiệt Nam
Huy Thành Quân Trung Phong Toàn Bình Hiển Nghĩa Tâm Tín Nhân Hòa Thịnh Việt An Đông Lâm Hưng Lợi Sang
Trí Thiện"""
VN_GIV_F = """Hồng Lan Hương Thảo Linh Phương Trang Nhung Hạnh Loan Thủy Yến Quyên Nga Tâm Trâm Uyên Nhi Vy
Hiền Mai Hằng Ngân Oanh Diệp Huyền Liên Thư Trinh Vân Xuân Cúc Hoa Ánh Dung Giang Khuê Nguyệt Thoa Tuyết"""

# ----------------------------------------------------------------------------- Chinese
# simplified: (traditional, pinyin, Cantonese (HK style), Wade-Giles (Taiwan))
HAN_CHARS = {
    "美": ("美", "mei", "mei", "mei"), "玲": ("玲", "ling", "ling", "ling"),
    "志": ("志", "zhi", "chi", "chih"), "强": ("強", "qiang", "keung", "chiang"),
    "建": ("建", "jian", "kin", "chien"), "国": ("國", "guo", "kwok", "kuo"),
    "秀": ("秀", "xiu", "sau", "hsiu"), "英": ("英", "ying", "ying", "ying"),
    "丽": ("麗", "li", "lai", "li"), "华": ("華", "hua", "wah", "hua"),
    "伟": ("偉", "wei", "wai", "wei"), "明": ("明", "ming", "ming", "ming"),
    "家": ("家", "jia", "ka", "chia"), "豪": ("豪", "hao", "ho", "hao"),
    "嘉": ("嘉", "jia", "ka", "chia"), "欣": ("欣", "xin", "yan", "hsin"),
    "晓": ("曉", "xiao", "hiu", "hsiao"), "慧": ("慧", "hui", "wai", "hui"),
    "敏": ("敏", "min", "man", "min"), "静": ("靜", "jing", "ching", "ching"),
    "怡": ("怡", "yi", "yee", "yi"), "雪": ("雪", "xue", "suet", "hsueh"),
    "梅": ("梅", "mei", "mui", "mei"), "海": ("海", "hai", "hoi", "hai"),
    "峰": ("峰", "feng", "fung", "feng"), "永": ("永", "yong", "wing", "yung"),
    "德": ("德", "de", "tak", "te"), "淑": ("淑", "shu", "suk", "shu"),
    "芬": ("芬", "fen", "fun", "fen"), "佩": ("佩", "pei", "pui", "pei"),
    "诗": ("詩", "shi", "sze", "shih"), "子": ("子", "zi", "tsz", "tzu"),
    "俊": ("俊", "jun", "chun", "chun"), "杰": ("傑", "jie", "kit", "chieh"),
    "颖": ("穎", "ying", "wing", "ying"), "宝": ("寶", "bao", "po", "pao"),
    "文": ("文", "wen", "man", "wen"), "兰": ("蘭", "lan", "lan", "lan"),
    "婷": ("婷", "ting", "ting", "ting"), "浩": ("浩", "hao", "ho", "hao"),
    "宇": ("宇", "yu", "yu", "yu"), "冬": ("冬", "dong", "tung", "tung"),
    "萍": ("萍", "ping", "ping", "ping"), "辉": ("輝", "hui", "fai", "hui"),
    "小": ("小", "xiao", "siu", "hsiao"), "龙": ("龍", "long", "lung", "lung"),
    "大": ("大", "da", "tai", "ta"), "玉": ("玉", "yu", "yuk", "yu"),
    "桂": ("桂", "gui", "kwai", "kuei"), "惠": ("惠", "hui", "wai", "hui"),
    "珍": ("珍", "zhen", "chun", "chen"), "凤": ("鳳", "feng", "fung", "feng"),
    "军": ("軍", "jun", "kwan", "chun"), "磊": ("磊", "lei", "lui", "lei"),
    "勇": ("勇", "yong", "yung", "yung"), "芳": ("芳", "fang", "fong", "fang"),
    "娟": ("娟", "juan", "kuen", "chuan"), "涛": ("濤", "tao", "to", "tao"),
    "少": ("少", "shao", "siu", "shao"),
}
# simplified, traditional, pinyin, Cantonese spellings, Wade-Giles/Taiwan spelling, weight
HAN_SUR = [
    ("陈", "陳", "chen", ["chan"], "chen", 8), ("黄", "黃", "huang", ["wong"], "huang", 5),
    ("李", "李", "li", ["lee"], "lee", 9), ("王", "王", "wang", ["wong"], "wang", 5),
    ("张", "張", "zhang", ["cheung"], "chang", 4), ("刘", "劉", "liu", ["lau"], "liu", 4),
    ("杨", "楊", "yang", ["yeung"], "yang", 3), ("林", "林", "lin", ["lam"], "lin", 3),
    ("吴", "吳", "wu", ["ng"], "wu", 3), ("周", "周", "zhou", ["chow"], "chou", 2),
    ("梁", "梁", "liang", ["leung"], "liang", 3), ("郑", "鄭", "zheng", ["cheng"], "cheng", 2),
    ("何", "何", "he", ["ho"], "ho", 2), ("罗", "羅", "luo", ["lo", "law"], "lo", 2),
    ("谢", "謝", "xie", ["tse"], "hsieh", 2), ("邓", "鄧", "deng", ["tang"], "teng", 1),
    ("许", "許", "xu", ["hui"], "hsu", 2), ("冯", "馮", "feng", ["fung"], "feng", 1),
    ("胡", "胡", "hu", ["wu"], "hu", 1), ("朱", "朱", "zhu", ["chu"], "chu", 1),
    ("马", "馬", "ma", ["ma"], "ma", 1), ("郭", "郭", "guo", ["kwok"], "kuo", 1),
    ("蔡", "蔡", "cai", ["choi"], "tsai", 2), ("曾", "曾", "zeng", ["tsang"], "tseng", 1),
    ("潘", "潘", "pan", ["poon"], "pan", 1), ("叶", "葉", "ye", ["yip"], "yeh", 1),
    ("余", "余", "yu", ["yue"], "yu", 1), ("孙", "孫", "sun", ["suen"], "sun", 1),
    ("高", "高", "gao", ["ko"], "kao", 1), ("钟", "鍾", "zhong", ["chung"], "chung", 1),
    ("苏", "蘇", "su", ["so"], "su", 1), ("卢", "盧", "lu", ["lo"], "lu", 1),
    ("方", "方", "fang", ["fong"], "fang", 1), ("谭", "譚", "tan", ["tam"], "tan", 1),
    ("麦", "麥", "mai", ["mak"], "mai", 1), ("区", "區", "ou", ["au"], "ou", 1),
    ("甘", "甘", "gan", ["kam"], "kan", 1), ("关", "關", "guan", ["kwan"], "kuan", 1),
    ("邝", "鄺", "kuang", ["kwong"], "kuang", 1), ("伍", "伍", "wu", ["ng"], "wu", 1),
]
HAN_GIVEN = """美玲 志强 建国 秀英 丽华 伟明 家豪 嘉欣 晓明 慧敏 静怡 雪梅 海峰 永华 德明 淑芬 佩诗 子豪 俊杰
颖欣 宝玲 文杰 秀兰 国华 志明 嘉怡 婷婷 浩宇 欣怡 冬梅 丽萍 建华 明辉 少华 小龙 大文 志伟 美华 玉兰 桂芳
惠珍 凤英 伟 军 静 敏 杰 磊 勇 芳 娟 涛""".split()

# ----------------------------------------------------------------------------- Korean
KO_SUR = [  # hangul, spellings (first = most common in the US), weight
    ("김", ["Kim", "Gim"], 35), ("이", ["Lee", "Yi", "Rhee", "I"], 22), ("박", ["Park", "Pak", "Bak"], 10),
    ("최", ["Choi", "Choe"], 5), ("정", ["Jung", "Jeong", "Chung"], 5), ("강", ["Kang", "Gang"], 3),
    ("조", ["Cho", "Jo"], 3), ("윤", ["Yoon", "Yun"], 3), ("장", ["Jang", "Chang"], 3),
    ("임", ["Lim", "Im", "Yim"], 3), ("한", ["Han"], 2), ("오", ["Oh", "O"], 2), ("서", ["Seo", "Suh"], 2),
    ("신", ["Shin", "Sin"], 2), ("권", ["Kwon", "Gwon"], 2), ("황", ["Hwang"], 2), ("안", ["Ahn", "An"], 2),
    ("송", ["Song"], 2), ("류", ["Ryu", "Yoo", "Yu"], 1), ("홍", ["Hong"], 2), ("전", ["Jeon", "Jun", "Chun"], 1),
    ("고", ["Ko", "Go"], 1), ("문", ["Moon", "Mun"], 1), ("양", ["Yang"], 1), ("손", ["Son", "Sohn"], 1),
    ("배", ["Bae"], 1), ("백", ["Baek", "Paik"], 1), ("허", ["Heo", "Huh"], 1), ("남", ["Nam"], 1),
    ("노", ["Noh", "Roh"], 1),
]
KO_SYL = {
    "수": ["su", "soo"], "빈": ["bin"], "은": ["eun"], "지": ["ji"], "해": ["hae"], "인": ["in"],
    "민": ["min"], "준": ["jun", "joon"], "서": ["seo", "suh"], "연": ["yeon", "yun"],
    "현": ["hyun", "hyeon"], "우": ["woo", "u"], "영": ["young", "yeong"], "희": ["hee", "hui"],
    "진": ["jin"], "호": ["ho"], "성": ["sung", "seong"], "혜": ["hye"], "미": ["mi"],
    "정": ["jung", "jeong"], "유": ["yu", "yoo"], "경": ["kyung", "gyeong"], "상": ["sang"],
    "훈": ["hoon", "hun"], "동": ["dong"], "태": ["tae"], "양": ["yang"], "하": ["ha"], "나": ["na"],
    "예": ["ye"], "린": ["rin", "lin"], "소": ["so"], "재": ["jae"], "석": ["seok", "suk"],
    "철": ["chul", "cheol"], "도": ["do"], "윤": ["yoon", "yun"], "아": ["a"], "승": ["seung"],
    "순": ["soon", "sun"], "자": ["ja"], "명": ["myung", "myeong"], "숙": ["sook", "suk"],
    "광": ["kwang", "gwang"], "비": ["bi"], "혁": ["hyuk", "hyeok"], "용": ["yong"],
    "규": ["kyu", "gyu"], "선": ["sun", "seon"], "옥": ["ok"], "주": ["joo", "ju"], "원": ["won"],
    "다": ["da"], "슬": ["seul"], "기": ["gi", "ki"],
}
KO_GIVEN = """수빈 은지 해인 민준 서연 지현 현우 영희 진호 성민 혜진 미영 정호 유진 경수 상훈 동현 태양 하은
나연 예린 소영 재석 철수 지우 민서 서준 도윤 수진 은영 지훈 윤아 현정 승민 재훈 미경 순자 영수 명숙 광수
은비 동혁 용준 선영 옥순 주원 다은 슬기 규현""".split()

# ----------------------------------------------------------------------------- English given names
# (used by Chinese-American, Korean-American, Filipino and Armenian families)
EN_M = """William Robert Richard Edward Charles James Anthony Joseph Michael Christopher Thomas Daniel
Kenneth Steven Andrew Henry Peter David Raymond Samuel Timothy Jonathan Benjamin Matthew"""
EN_F = """Margaret Elizabeth Katherine Patricia Jennifer Susan Deborah Rebecca Dorothy Frances Victoria
Catherine Grace Helen Jessica Christine Angela Stephanie Michelle Cynthia"""

# ----------------------------------------------------------------------------- Punjabi (Sikh)
PA_GIVEN = {  # Gurmukhi -> Latin spellings (first = usual)
    "ਅਮਨਦੀਪ": ["Amandeep", "Amandip"], "ਹਰਪ੍ਰੀਤ": ["Harpreet", "Harprit"],
    "ਗੁਰਪ੍ਰੀਤ": ["Gurpreet", "Gurprit"], "ਜਸਵਿੰਦਰ": ["Jaswinder", "Jasvinder"],
    "ਮਨਪ੍ਰੀਤ": ["Manpreet", "Manprit"], "ਕੁਲਦੀਪ": ["Kuldeep", "Kuldip"],
    "ਰਣਜੀਤ": ["Ranjit", "Ranjeet"], "ਬਲਜੀਤ": ["Baljit", "Baljeet"],
    "ਸੁਖਵਿੰਦਰ": ["Sukhwinder", "Sukhvinder"], "ਪਰਮਜੀਤ": ["Paramjit", "Paramjeet"],
    "ਗੁਰਮੀਤ": ["Gurmeet", "Gurmit"], "ਨਵਜੋਤ": ["Navjot"], "ਹਰਜੀਤ": ["Harjit", "Harjeet"],
    "ਜਸਪ੍ਰੀਤ": ["Jaspreet", "Jasprit"], "ਰਾਜਵਿੰਦਰ": ["Rajwinder", "Rajvinder"],
    "ਸਿਮਰਨ": ["Simran"], "ਤਜਿੰਦਰ": ["Tajinder", "Tejinder"], "ਇੰਦਰਜੀਤ": ["Inderjit", "Inderjeet"],
    "ਗਗਨਦੀਪ": ["Gagandeep", "Gagandip"], "ਕਮਲਜੀਤ": ["Kamaljit", "Kamaljeet"],
    "ਦਲਜੀਤ": ["Daljit", "Daljeet"], "ਸਰਬਜੀਤ": ["Sarabjit", "Sarabjeet"],
    "ਮਨਜੀਤ": ["Manjit", "Manjeet"], "ਜਗਦੀਪ": ["Jagdeep", "Jagdip"], "ਹਰਮਨ": ["Harman"],
    "ਅਰਸ਼ਦੀਪ": ["Arshdeep", "Arshdip"], "ਬਲਵਿੰਦਰ": ["Balwinder", "Balvinder"],
    "ਗੁਰਦੀਪ": ["Gurdeep", "Gurdip"], "ਸਤਨਾਮ": ["Satnam"], "ਅਵਤਾਰ": ["Avtar", "Autar"],
    "ਨਿਰਮਲ": ["Nirmal"], "ਹਰਜਿੰਦਰ": ["Harjinder"], "ਪਰਮਿੰਦਰ": ["Parminder"],
    "ਰਵਿੰਦਰ": ["Ravinder"], "ਸੁਰਿੰਦਰ": ["Surinder"], "ਕਿਰਨਦੀਪ": ["Kirandeep", "Kirandip"],
    "ਜਸਲੀਨ": ["Jasleen"], "ਨਵਨੀਤ": ["Navneet", "Navnit"], "ਪ੍ਰਭਜੋਤ": ["Prabhjot"],
    "ਗੁਰਨਾਮ": ["Gurnam"],
}
PA_FEMALE_ONLY = {"ਸਿਮਰਨ", "ਜਸਲੀਨ", "ਕਿਰਨਦੀਪ"}
PA_MALE_ONLY = {"ਅਵਤਾਰ", "ਸਤਨਾਮ", "ਗੁਰਨਾਮ"}
PA_SINGH = ("ਸਿੰਘ", ["Singh"])
PA_KAUR = ("ਕੌਰ", ["Kaur", "Kor"])
PA_CLAN = {
    "ਸੰਧੂ": ["Sandhu"], "ਗਿੱਲ": ["Gill"], "ਢਿੱਲੋਂ": ["Dhillon"], "ਸਿੱਧੂ": ["Sidhu"], "ਬਰਾੜ": ["Brar"],
    "ਗਰੇਵਾਲ": ["Grewal"], "ਮਾਨ": ["Mann", "Maan"], "ਬੈਂਸ": ["Bains"], "ਸੰਘਾ": ["Sangha"],
    "ਜੌਹਲ": ["Johal"], "ਧਾਲੀਵਾਲ": ["Dhaliwal"], "ਬਾਜਵਾ": ["Bajwa"], "ਚੀਮਾ": ["Cheema"],
    "ਰੰਧਾਵਾ": ["Randhawa"], "ਸਹੋਤਾ": ["Sahota"], "ਅਟਵਾਲ": ["Atwal"], "ਪੰਨੂ": ["Pannu"],
    "ਵਿਰਕ": ["Virk"], "ਹੁੰਦਲ": ["Hundal"], "ਥਿੰਦ": ["Thind"], "ਸੇਖੋਂ": ["Sekhon"], "ਔਜਲਾ": ["Aujla"],
}

# ----------------------------------------------------------------------------- Hindi (Devanagari)
HI_GIVEN_M = {"अनिल": ["Anil"], "राजेश": ["Rajesh"], "अमित": ["Amit"], "विकास": ["Vikas", "Vikash"],
              "संजय": ["Sanjay"], "दीपक": ["Deepak", "Dipak"], "मनोज": ["Manoj"], "सुरेश": ["Suresh"],
              "रोहित": ["Rohit"], "विजय": ["Vijay"], "अर्जुन": ["Arjun"], "राहुल": ["Rahul"],
              "नितिन": ["Nitin"], "सुनील": ["Sunil"], "अशोक": ["Ashok"], "रमेश": ["Ramesh"]}
HI_GIVEN_F = {"सुनीता": ["Sunita", "Suneeta"], "प्रिया": ["Priya"], "पूजा": ["Pooja", "Puja"],
              "नेहा": ["Neha"], "रेखा": ["Rekha"], "कविता": ["Kavita", "Kavitha"], "आरती": ["Aarti", "Arti"],
              "अंजलि": ["Anjali"], "लक्ष्मी": ["Lakshmi", "Laxmi"], "गीता": ["Geeta", "Gita"],
              "स्नेहा": ["Sneha"], "आशा": ["Asha"], "मीना": ["Meena", "Mina"], "श्वेता": ["Shweta", "Sweta"],
              "सीमा": ["Seema", "Sima"]}
HI_SUR = {"शर्मा": ["Sharma"], "वर्मा": ["Verma", "Varma"], "गुप्ता": ["Gupta"], "पटेल": ["Patel"],
          "यादव": ["Yadav"], "मिश्रा": ["Mishra"], "श्रीवास्तव": ["Srivastava", "Shrivastava"],
          "तिवारी": ["Tiwari"], "जोशी": ["Joshi"], "अग्रवाल": ["Agarwal", "Agrawal", "Aggarwal"],
          "पांडे": ["Pandey", "Pande"], "चौहान": ["Chauhan"], "रेड्डी": ["Reddy"], "सिंह": ["Singh"],
          "कुमार": ["Kumar"], "मेहता": ["Mehta"], "शाह": ["Shah"], "नायर": ["Nair"],
          "त्रिपाठी": ["Tripathi"], "दुबे": ["Dubey", "Dube"], "सक्सेना": ["Saxena"],
          "कपूर": ["Kapoor", "Kapur"], "मल्होत्रा": ["Malhotra"], "चौधरी": ["Chaudhary", "Choudhary"],
          "भट्ट": ["Bhatt"]}

# ----------------------------------------------------------------------------- Arabic-origin
# Spelling-variant classes; the record picks one spelling, queries may use another.
AR_M = """Muhammad:3 Ahmad:2 Yousef:2 Omar Khaled Hassan Hussein Tariq Karim Ziad Walid Mustafa Majid
Samir Rami Fadi Nabil Jamal Ghassan Bilal Anwar Ibrahim Issa Abdullah Fouad Georges Elie Charbel Rashid
ABD:4"""
AR_F = """Layla:2 Fatima:2 Nour Rania Mariam Huda Salma Amira Nadia Yasmin Rana Dina Hala Lina Reem Samira
Zainab Aisha Widad Suha Ghada Hanan Manal Rima Maha"""
AR_ABD = ["Karim", "Rahman", "Aziz", "Hamid", "Latif", "Majid", "Rahim", "Qadir", "Salam", "Jabbar", "Malik"]
AR_ABD_DISPLAY = ["Abd al-{}", "Abdul {}", "Abdul{}", "Abdel {}", "Abdel{}", "Abd Al-{}"]
AR_SUR = """Haddad:2 Nasser:2 Khalil Saleh Mansour Hamdan Darwish Abboud Barakat Awad Aziz Farah Haidar Jaber
Kassem Nassar Odeh Rahal Sabbagh Shalhoub Yassin Zoghbi Abu-Ghazaleh Bishara Hijazi Touma Kanaan Mahfouz
Ayoub Bazzi Fakhoury Saad Antoun AL:8"""
AR_AL = [("el", "Khoury"), ("al", "Masri"), ("al", "Amin"), ("el", "Sayed"), ("al", "Hashimi"),
         ("al", "Tamimi"), ("al", "Khatib"), ("el", "Hage"), ("al", "Shami"), ("el", "Zein")]
AR_AL_DISPLAY = ["{P}-{C}", "{P}-{C}", "{P} {C}", "{P}{c}"]

# Spelling-variant classes shared by the matcher (and used for Arabic "script" queries)
VARIANT_CLASSES = [
    ["Muhammad", "Mohammed", "Mohamed", "Mohammad", "Muhammed", "Mohamad", "Maxamed"],
    ["Ahmad", "Ahmed", "Axmed"], ["Yousef", "Youssef", "Yusuf", "Yousif", "Yusef"],
    ["Omar", "Umar", "Cumar"], ["Khaled", "Khalid"],
    ["Hussein", "Husayn", "Hussain", "Husein", "Hossein", "Xuseen"], ["Hassan", "Hasan", "Xasan"],
    ["Tariq", "Tarek", "Tareq", "Tarik"], ["Karim", "Kareem"], ["Ziad", "Ziyad"], ["Walid", "Waleed"],
    ["Mustafa", "Mostafa", "Moustafa"], ["Majid", "Majed"], ["Layla", "Leila", "Laila", "Leyla"],
    ["Fatima", "Fatma", "Fatimah", "Faduma", "Fadumo"], ["Nour", "Noor", "Nur"], ["Mariam", "Maryam"],
    ["Huda", "Houda"], ["Amira", "Ameera"], ["Yasmin", "Yasmine", "Yasmeen"], ["Reem", "Rim"],
    ["Zainab", "Zeinab", "Zaynab"], ["Aisha", "Aicha", "Ayesha", "Aysha", "Caisha"],
    ["Saleh", "Salih"], ["Mansour", "Mansur"], ["Darwish", "Darwiche"], ["Haidar", "Haider", "Haydar"],
    ["Jaber", "Jabir"], ["Kassem", "Qasim", "Kasem", "Qassem"], ["Odeh", "Audeh"],
    ["Yassin", "Yasin", "Yassine"], ["Hijazi", "Hegazy", "Hejazi"], ["Ayoub", "Ayyub", "Ayub"],
    ["Abdullah", "Abdallah", "Abdulla"], ["Ibrahim", "Ebrahim", "Ibraahim"],
    ["Ismail", "Ismael", "Ismaciil"], ["Said", "Saeed"], ["Hamid", "Hameed"], ["Samir", "Sameer"],
    ["Jamal", "Gamal"], ["Bilal", "Belal"], ["Issa", "Isa", "Eissa"], ["Nabil", "Nabeel"],
    ["Rashid", "Rasheed"], ["Khoury", "Khouri", "Khuri"], ["Zein", "Zain"],
    # Korean surname spellings
    ["Lee", "Yi", "Rhee", "I", "Li", "Ly", "Ri"], ["Park", "Pak", "Bak"], ["Kim", "Gim"],
    ["Choi", "Choe"], ["Jung", "Jeong", "Chung"], ["Kang", "Gang"], ["Cho", "Jo"], ["Yoon", "Yun"],
    ["Jang", "Chang"], ["Lim", "Im", "Yim"], ["Shin", "Sin"], ["Kwon", "Gwon"], ["Oh", "O"],
    ["Seo", "Suh"], ["Ahn", "An"], ["Ryu", "Yoo", "Yu"], ["Jeon", "Chun"], ["Ko", "Go"],
    ["Moon", "Mun"], ["Son", "Sohn"], ["Baek", "Paik"], ["Heo", "Huh"], ["Noh", "Roh"],
]

# ----------------------------------------------------------------------------- Armenian
HY_M = """Armen Gor Narek Hovhannes:2 Tigran Aram Vartan Sevak Ashot Mher Garo Shant Sarkis Levon Hagop Vahe
Raffi Arsen Karen Hayk Davit Gevorg Kevork Artur Arman Edgar William"""
HY_F = """Ani Lusine Anahit Arpi Sona Karine Gayane Hasmik Nare Talin Anush Araksya Siranush Lilit Mariam
Nairi Tamar Shushan Ruzanna Sirarpi Tatevik Knarik Zaruhi Astghik Margarit"""
HY_SUR = """Hovhannisyan:2 Petrosyan:2 Sargsyan:2 Grigoryan:2 Harutyunyan:2 Avetisyan Khachatryan Mkrtchyan
Ghazaryan Karapetyan Manukyan Simonyan Hakobyan Galstyan Babayan Vardanyan Kazarian Boyajian Kalaydjian
Ohanian Mardirossian Papazian Terzian Keshishian Arakelian Topalian Balian Melkonian Hagopian Sarkisian
Movsesian Gasparyan"""
HY_PARTICLE = [("der", "Bedrosian", "Der Bedrosian"), ("ter", "Grigoryan", "Ter-Grigoryan"),
               ("der", "Hovanessian", "Der Hovanessian")]

# ----------------------------------------------------------------------------- Hmong
HM_M = """Tou:2 Pao:2 Chue Kou Neng Fue Khou Pheng Nhia Blong Teng Lue Yia Cheng Bao Long Fong Xay Kao Chong
Meng Tong Vue Seng"""
HM_F = """Nou Yer Bee Chia Youa Choua Sheng Shoua Mee Pa Mai Kia Ka Dao Houa Der Gao Xee
Mai_Nou:2 Pa_Houa:2 Mai_Kou Ka_Yeng Mai_Yia Pa_Nhia Mai_Chue Gao_Nou"""
HM_SUR = """Vang:5 Xiong:5 Yang:5 Thao:5 Lee:4 Lor:4 Moua:4 Her:3 Vue:3 Hang:3 Lo:2 Kue:2 Cha:2 Chang:2
Khang:2 Kong Thor"""

# ----------------------------------------------------------------------------- Persian
FA_M = """Dariush Farhad Reza Babak Kaveh Arash Mehdi Behrouz Siamak Kourosh Hamid Payam Alireza Hossein Shahram
Navid Omid Ramin Saeed Masoud Mohammad_Reza:2 Ali_Akbar"""
FA_F = """Shirin Maryam Leila Niloufar Roya Parisa Shahrzad Azadeh Golnaz Nasrin Fereshteh Mahnaz Soraya Mitra
Nazanin Ladan Shabnam Roxana Taraneh Yasaman"""
FA_SUR = """Tehrani Rahimi Hosseini:2 Mohammadi:2 Karimi Ahmadi Jafari Sadeghi Moradi Rostami Ghorbani Shirazi
Esfahani Farahani Kazemi Rezaei Nikpour Amini Bagheri Zand Golshani Hakimi Sharifi Yazdani Khorasani Mirzaei
Abbasi Kashani Pourmand Heidari Tabrizi Ebrahimi Nazari"""

# ----------------------------------------------------------------------------- Somali
SO_M = """Abdirahman Abdi Mohamed:2 Ahmed Ismail Liban Abdiqani Guled Mahad Yusuf Bashir Hassan Abdullahi
Mukhtar Omar Osman Said Hamse Abdiaziz"""
SO_F = """Faduma Hodan Ayaan Hawa Sahra Khadra Ilhan Asha Nimco Ubah Farhiya Idil Deeqa Hibaaq Sagal Ifrah
Najma Qamar Muna Halima"""
SO_FATHER = """Warsame Farah Jama Hirsi Osman Egal Dualeh Abdullahi Aden Mohamud Ali Nur Yusuf Ibrahim Omar
Guled Samatar Shire Elmi Abdi Hassan Ahmed Mohamed Ismail Hussein Duale Barre Gedi Hersi"""

# ----------------------------------------------------------------------------- Ukrainian
UK_M = """Oleksandr:2 Mykola Volodymyr Andrii Yevhen Serhii Dmytro Taras Bohdan Yurii Vasyl Petro Oleh Ihor
Maksym Roman"""
UK_F = """Olena Iryna Tetiana Nataliia Oksana Kateryna Halyna Anastasiia Liudmyla Svitlana Mariia Khrystyna
Yaroslava Olha Oleksandra Viktoriia"""
UK_SUR = """Shevchenko:2 Kovalenko:2 Bondarenko:2 Tkachenko Kravchenko Melnyk:2 Boyko Koval Oliinyk Lysenko
Marchenko Rudenko Savchenko Moroz Kovalchuk Polishchuk Tkachuk Hrytsenko Pavlenko Zinchenko Kuzmenko
Sydorenko Petrenko Demchenko Levchenko Ivanyshyn Kostiuk Havryliuk"""

# ----------------------------------------------------------------------------- Nicknames
# formal given name -> nicknames relatives actually use (Spanish, Tagalog, English, Ukrainian, Punjabi)
NICKNAMES = {
    "José": ["Pepe", "Chepe", "Pepito", "Jojo"], "Francisco": ["Paco", "Pancho", "Kiko"],
    "Guadalupe": ["Lupe", "Lupita"], "Jesús": ["Chuy", "Chucho"], "Guillermo": ["Memo"],
    "Ignacio": ["Nacho"], "Antonio": ["Toño", "Tony", "Tonyo"], "Eduardo": ["Lalo", "Eddie", "Edong"],
    "Alberto": ["Beto"], "Roberto": ["Beto"], "Humberto": ["Beto"], "Gilberto": ["Beto", "Gil"],
    "Heriberto": ["Beto"], "Rigoberto": ["Rigo", "Beto"], "Dagoberto": ["Dago"],
    "Concepción": ["Concha", "Conchita", "Chona"], "Rosario": ["Chayo", "Charo"], "Leticia": ["Lety", "Leti"],
    "Enrique": ["Quique", "Kike", "Kiko"], "Alfredo": ["Fredo"], "Refugio": ["Cuco", "Cuca"],
    "Socorro": ["Coco"], "Dolores": ["Lola", "Lolita"], "Mercedes": ["Meche"], "Consuelo": ["Chelo"],
    "Graciela": ["Chela"], "Isabel": ["Chabela"], "Margarita": ["Mago"], "Teresa": ["Tere"],
    "Patricia": ["Paty", "Patty"], "Rafael": ["Rafa"], "Gregorio": ["Goyo"], "Salvador": ["Chava"],
    "Ernesto": ["Neto", "Ernie"], "Ramón": ["Moncho"], "Manuel": ["Manolo"], "Vicente": ["Chente"],
    "Alfonso": ["Poncho"], "Lorenzo": ["Lencho"], "Hortensia": ["Tencha"], "Alicia": ["Licha"],
    "Josefina": ["Chepina", "Fina"], "Cristina": ["Tina", "Cris"], "Alejandro": ["Alex", "Jando"],
    "Alejandra": ["Ale"], "Gabriela": ["Gaby"], "Verónica": ["Vero"], "Yolanda": ["Yola"],
    "Rogelio": ["Roger", "Yeyo"], "Francisca": ["Paquita", "Pancha"], "Trinidad": ["Trini"],
    "Natividad": ["Nati"], "Eusebio": ["Chevo"],
    # Filipino / Tagalog
    "Jose": ["Jojo", "Pepe", "Pepito"], "Ferdinand": ["Andy", "Bongbong"], "Rommel": ["Mel"],
    "Corazon": ["Cory", "Cora"], "Teodoro": ["Teddy"], "Ricardo": ["Carding", "Ricky"], "Imelda": ["Meldy"],
    "Leonora": ["Nora"], "Rosalinda": ["Linda"], "Marites": ["Tess"], "Teresita": ["Tessie"],
    "Bienvenido": ["Benny"], "Remedios": ["Remy", "Meding"], "Danilo": ["Danny"], "Evangeline": ["Vangie"],
    "Milagros": ["Mila"], "Romeo": ["Romy"], "Benjamin": ["Benjie", "Ben"], "Emmanuel": ["Manny"],
    "Reynaldo": ["Rey", "Naldo"], "Lourdes": ["Lulu", "Lou"],
    # English
    "William": ["Bill", "Billy", "Will"], "Margaret": ["Peggy", "Maggie", "Meg"], "Robert": ["Bob", "Bobby"],
    "Richard": ["Dick", "Rick", "Ricky"], "Elizabeth": ["Liz", "Beth", "Betty"],
    "Katherine": ["Kate", "Kathy", "Katie"], "Catherine": ["Cathy", "Kate"],
    "Edward": ["Ed", "Eddie", "Ted", "Teddy"], "Charles": ["Chuck", "Charlie"], "James": ["Jim", "Jimmy"],
    "Anthony": ["Tony"], "Joseph": ["Joe", "Joey", "Jojo"], "Michael": ["Mike", "Mikey"],
    "Christopher": ["Chris"], "Thomas": ["Tom", "Tommy"], "Daniel": ["Danny", "Dan"],
    "Kenneth": ["Ken", "Kenny"], "Steven": ["Steve"], "Susan": ["Sue", "Susie"], "Deborah": ["Debbie", "Deb"],
    "Rebecca": ["Becky"], "Dorothy": ["Dottie", "Dot"], "Frances": ["Fran"], "Victoria": ["Vicky", "Tori"],
    "Samuel": ["Sam", "Sammy"], "Jonathan": ["Jon"], "Matthew": ["Matt"], "Timothy": ["Tim"],
    "Andrew": ["Andy", "Drew"], "Peter": ["Pete"], "David": ["Dave"], "Raymond": ["Ray"],
    "Jennifer": ["Jenny", "Jen"], "Cynthia": ["Cindy"], "Angela": ["Angie"], "Henry": ["Hank"],
    "Edgardo": ["Eddie"], "Edwin": ["Eddie"], "Andrés": ["Andy"],
    # Ukrainian
    "Oleksandr": ["Sasha"], "Oleksandra": ["Sasha", "Lesia"], "Volodymyr": ["Volodia"], "Mykola": ["Kolya"],
    "Yevhen": ["Zhenya"], "Tetiana": ["Tania"], "Nataliia": ["Natasha"], "Kateryna": ["Katia"],
    "Anastasiia": ["Nastia"], "Iryna": ["Ira"], "Dmytro": ["Dima"], "Yurii": ["Yura"], "Svitlana": ["Sveta"],
    "Halyna": ["Halia"], "Vasyl": ["Vasia"], "Petro": ["Petia"], "Liudmyla": ["Liuda"], "Olha": ["Olia"],
    # Punjabi diaspora / Armenian
    "Sukhwinder": ["Sukhi"], "Harpreet": ["Harry"], "Harjit": ["Harry"], "Gurpreet": ["Gary"],
    "Hovhannes": ["Hovo"],
}
# The nicknames the brief asks for explicitly; the generator tries these first.
NICK_PRIORITY = ["Pepe", "Paco", "Lupe", "Chuy", "Memo", "Nacho", "Toño", "Lalo", "Beto", "Concha",
                 "Chayo", "Lety", "Kiko", "Jojo", "Bill", "Peggy", "Chepe", "Pancho", "Lola", "Meche",
                 "Chelo", "Tony", "Teddy", "Cory", "Tess", "Sasha", "Natasha", "Bob", "Liz", "Sukhi"]

# ----------------------------------------------------------------------------- California cities
CITIES = {
    "mx": """Los Angeles|East Los Angeles|Huntington Park|Santa Ana|Anaheim|Fresno|Bakersfield|Salinas|Oxnard|
Watsonville|Stockton|Modesto|Merced|Visalia|Delano|Coachella|Indio|El Centro|Calexico|Madera|Porterville|
Pacoima|Chula Vista|San Ysidro|National City|Santa Maria|Santa Paula|Arvin|Lamont|Wasco|McFarland|Parlier|
Orange Cove|Huron|Mendota|Firebaugh|Sanger|Reedley|Dinuba|Gilroy|Hollister|King City|Santa Rosa|Napa|
Escondido|Vista|Riverside|San Bernardino|Fontana|Pomona|Ontario|Compton|Lynwood|South Gate|San José|
Oakland|Hayward|Brawley|Mecca|Thermal|Perris|Hemet|Lompoc""",
    "ca": """Los Angeles|Van Nuys|Panorama City|Inglewood|Long Beach|San Francisco|Oakland|San Rafael|Hayward|
Richmond|San Pablo|Redwood City|Daly City|Santa Ana|Riverside|Lancaster|Palmdale|Sacramento|Stockton|Fresno|
Oxnard|Salinas|San Diego|Hawthorne|North Hollywood""",
    "maya": """Los Angeles|Oakland|Salinas|Watsonville|Santa Cruz|Fresno|Riverside|Palmdale|San Rafael|Indio|
Greenfield|Soledad|Hollister""",
    "ph": """Daly City|Vallejo|Union City|Milpitas|San Diego|National City|Chula Vista|Carson|West Covina|
Cerritos|Stockton|Delano|Los Angeles|San Francisco|Hercules|Sacramento|Fremont|San José|Torrance|Long Beach""",
    "vn": """Westminster|Garden Grove|Santa Ana|Fountain Valley|Huntington Beach|San José|Milpitas|Sacramento|
Elk Grove|Oakland|San Diego|Rosemead|El Monte|Stockton|Fresno""",
    "zh": """San Francisco|Oakland|Monterey Park|Alhambra|San Gabriel|Arcadia|Rosemead|Temple City|Cupertino|
Fremont|Milpitas|Irvine|Diamond Bar|Walnut|Rowland Heights|Sacramento|Daly City|Millbrae|Foster City""",
    "ko": """Los Angeles|Fullerton|Buena Park|La Palma|Cerritos|Irvine|Torrance|Garden Grove|Santa Clara|
Cupertino|San Diego|Rowland Heights|Diamond Bar|Glendale""",
    "ar": """Anaheim|El Cajon|Santa Clara|San José|Fremont|Los Angeles|Sacramento|Riverside|Irvine|Orange|
Bakersfield|Long Beach|San Diego""",
    "pa": """Yuba City|Live Oak|Fresno|Selma|Stockton|Lathrop|Manteca|Turlock|Livingston|Fremont|Union City|
Sacramento|Elk Grove|Bakersfield|Fontana|Tracy""",
    "hi": """Fremont|Sunnyvale|San José|Santa Clara|Cupertino|Artesia|Irvine|Sacramento|Dublin|San Ramon|
Milpitas|Pleasanton""",
    "hy": """Glendale|Burbank|North Hollywood|Pasadena|Los Angeles|Fresno|La Crescenta|Montebello|Tujunga|
Van Nuys""",
    "hmong": """Fresno|Sacramento|Merced|Stockton|Chico|Oroville|Marysville|Visalia|Clovis|Redding|Elk Grove""",
    "fa": """Los Angeles|Irvine|Beverly Hills|Encino|Tarzana|San José|Walnut Creek|Sunnyvale|San Diego|Orange|
Mission Viejo""",
    "so": """San Diego|El Cajon|Sacramento|Oakland|Los Angeles|Anaheim""",
    "uk": """Sacramento|Rancho Cordova|Citrus Heights|West Sacramento|Fair Oaks|Carmichael|Los Angeles|San Diego|
San Francisco|Roseville""",
}
