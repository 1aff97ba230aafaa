/**
 * The real places the demo catalogue is spread over: cities, their localities with PIN codes, roads and
 * landmarks, transit operators and malls. The media module reads the same list to label its images, so a
 * city slug in an image URL means the same city everywhere.
 */

/** Audience a locality draws, used to word descriptions. */
export type Audience = 'business' | 'shopping' | 'tech' | 'commuter' | 'leisure' | 'residential' | 'heritage';

/** Silhouettes the image generator can draw behind a site. */
export type Landmark =
  | 'sea-link'
  | 'gateway'
  | 'india-gate'
  | 'charminar'
  | 'dome'
  | 'gopuram'
  | 'cantilever'
  | 'hawa-mahal'
  | 'towers'
  | 'church'
  | 'fishing-nets'
  | 'minarets'
  | 'fort'
  | 'hills';

export interface Locality {
  name: string;
  pin: string;
  lat: number;
  lon: number;
  audience: Audience;
  roads: string[];
  landmarks: string[];
  /** When the locality lies outside the city's main district. */
  district?: string;
}

export interface City {
  slug: string;
  name: string;
  state: string;
  /** Two-letter state/UT code used in site codes (MH-MUM-LP-0001). */
  stateCode: string;
  code: string;
  district: string;
  /** 1 for the big metros (dearer media), 2 for the rest. */
  tier: 1 | 2;
  /** How many of every hundred sites land here. */
  weight: number;
  landmarks: Landmark[];
  bus: string;
  metro: string[];
  malls: Array<[mall: string, locality: string]>;
  localities: Locality[];
}

const loc = (
  name: string,
  pin: string,
  lat: number,
  lon: number,
  audience: Audience,
  roads: string[],
  landmarks: string[],
  district?: string,
): Locality => ({ name, pin, lat, lon, audience, roads, landmarks, district });

// biome-ignore format: a compact table reads better than one property per line
export const CITIES: City[] = [
  {
    slug: 'mumbai', name: 'Mumbai', state: 'Maharashtra', stateCode: 'MH', code: 'MUM', district: 'Mumbai Suburban',
    tier: 1, weight: 12, landmarks: ['sea-link', 'gateway'], bus: 'BEST',
    metro: ['Mumbai Metro Line 1', 'Mumbai Metro Line 2A', 'Aqua Line (Line 3)'],
    malls: [['Phoenix Palladium', 'Lower Parel'], ['Infiniti Mall', 'Malad West'], ['R City Mall', 'Ghatkopar West'], ['Jio World Drive', 'Bandra Kurla Complex']],
    localities: [
      loc('Nariman Point', '400021', 18.9256, 72.8242, 'business', ['Marine Drive', 'Jamnalal Bajaj Marg'], ['NCPA', 'Air India Building'], 'Mumbai City'),
      loc('Colaba', '400005', 18.9067, 72.8147, 'leisure', ['Shahid Bhagat Singh Road', 'Colaba Causeway'], ['Gateway of India', 'Regal Cinema'], 'Mumbai City'),
      loc('Fort', '400001', 18.9345, 72.8356, 'business', ['Dadabhai Naoroji Road', 'Veer Nariman Road'], ['Chhatrapati Shivaji Maharaj Terminus', 'Flora Fountain'], 'Mumbai City'),
      loc('Worli', '400018', 19.0176, 72.8177, 'business', ['Dr Annie Besant Road', 'Worli Sea Face'], ['Bandra-Worli Sea Link', 'Nehru Science Centre'], 'Mumbai City'),
      loc('Lower Parel', '400013', 18.9953, 72.8302, 'shopping', ['Senapati Bapat Marg', 'Ganpatrao Kadam Marg'], ['Phoenix Palladium', 'Kamala Mills'], 'Mumbai City'),
      loc('Dadar West', '400028', 19.0186, 72.8405, 'commuter', ['Gokhale Road', 'N C Kelkar Road'], ['Shivaji Park', 'Dadar Station'], 'Mumbai City'),
      loc('Bandra West', '400050', 19.0596, 72.8295, 'leisure', ['Linking Road', 'Hill Road', 'S V Road'], ['Bandstand', 'Mount Mary Church']),
      loc('Bandra Kurla Complex', '400051', 19.0661, 72.8679, 'business', ['Bandra-Kurla Complex Road', 'G Block Road'], ['Jio World Centre', 'MMRDA Grounds']),
      loc('Andheri East', '400069', 19.1136, 72.8697, 'commuter', ['Andheri-Kurla Road', 'Western Express Highway', 'Sahar Road'], ['Andheri Metro Station', 'Chhatrapati Shivaji Maharaj International Airport']),
      loc('Juhu', '400049', 19.1075, 72.8263, 'leisure', ['Juhu Tara Road', 'V M Road'], ['Juhu Beach', 'ISKCON Juhu']),
      loc('Powai', '400076', 19.1176, 72.906, 'tech', ['Jogeshwari-Vikhroli Link Road', 'Adi Shankaracharya Marg'], ['Hiranandani Gardens', 'IIT Bombay']),
      loc('Malad West', '400064', 19.186, 72.8485, 'shopping', ['New Link Road', 'S V Road'], ['Infiniti Mall', 'Inorbit Mall']),
      loc('Ghatkopar West', '400086', 19.086, 72.9081, 'commuter', ['LBS Marg', 'Ghatkopar-Andheri Link Road'], ['R City Mall', 'Ghatkopar Metro Station']),
    ],
  },
  {
    slug: 'pune', name: 'Pune', state: 'Maharashtra', stateCode: 'MH', code: 'PUN', district: 'Pune',
    tier: 1, weight: 6, landmarks: ['fort', 'hills'], bus: 'PMPML', metro: ['Pune Metro Purple Line', 'Pune Metro Aqua Line'],
    malls: [['Phoenix Marketcity', 'Viman Nagar'], ['Amanora Mall', 'Hadapsar'], ['Pavilion Mall', 'Shivajinagar']],
    localities: [
      loc('Shivajinagar', '411005', 18.5308, 73.8475, 'commuter', ['Jangli Maharaj Road', 'Fergusson College Road'], ['Shivajinagar Bus Stand', 'COEP']),
      loc('Koregaon Park', '411001', 18.5362, 73.894, 'leisure', ['North Main Road', 'Bund Garden Road'], ['Osho Garden', 'Pune Railway Station']),
      loc('Hinjewadi', '411057', 18.5913, 73.7389, 'tech', ['Hinjewadi-Wakad Road', 'Rajiv Gandhi Infotech Park Road'], ['Rajiv Gandhi Infotech Park', 'Hinjewadi Phase 1 Chowk']),
      loc('Kothrud', '411038', 18.5074, 73.8077, 'residential', ['Karve Road', 'Paud Road'], ['Kothrud Depot', 'Karishma Chowk']),
      loc('Viman Nagar', '411014', 18.5679, 73.9143, 'shopping', ['Nagar Road', 'Airport Road'], ['Phoenix Marketcity', 'Pune Airport']),
      loc('Baner', '411045', 18.559, 73.7868, 'tech', ['Baner Road', 'Mumbai-Bengaluru Highway'], ['Balewadi High Street', 'Baner Gaon']),
      loc('Hadapsar', '411028', 18.5089, 73.926, 'residential', ['Pune-Solapur Highway', 'Magarpatta Road'], ['Magarpatta City', 'Amanora Mall']),
    ],
  },
  {
    slug: 'delhi', name: 'Delhi', state: 'Delhi', stateCode: 'DL', code: 'DEL', district: 'New Delhi',
    tier: 1, weight: 12, landmarks: ['india-gate', 'dome'], bus: 'DTC',
    metro: ['Delhi Metro Yellow Line', 'Delhi Metro Blue Line', 'Airport Express Line', 'Delhi Metro Pink Line'],
    malls: [['Select Citywalk', 'Saket'], ['Pacific Mall', 'Rajouri Garden'], ['Vegas Mall', 'Dwarka Sector 21']],
    localities: [
      loc('Connaught Place', '110001', 28.6315, 77.2167, 'business', ['Barakhamba Road', 'Janpath', 'Kasturba Gandhi Marg'], ['Rajiv Chowk Metro Station', 'Palika Bazaar']),
      loc('Karol Bagh', '110005', 28.6519, 77.1909, 'shopping', ['Ajmal Khan Road', 'Pusa Road'], ['Karol Bagh Metro Station', 'Gaffar Market'], 'Central Delhi'),
      loc('Lajpat Nagar', '110024', 28.5677, 77.2433, 'shopping', ['Ring Road', 'Captain Gaur Marg'], ['Lajpat Nagar Central Market', 'Moolchand Flyover'], 'South East Delhi'),
      loc('Saket', '110017', 28.5245, 77.2066, 'shopping', ['Press Enclave Marg', 'Mehrauli-Badarpur Road'], ['Select Citywalk', 'Saket Metro Station'], 'South Delhi'),
      loc('Nehru Place', '110019', 28.5491, 77.2533, 'business', ['Outer Ring Road', 'Modi Mill Flyover'], ['Nehru Place Metro Station', 'Lotus Temple'], 'South East Delhi'),
      loc('Rajouri Garden', '110027', 28.6415, 77.1209, 'shopping', ['Najafgarh Road', 'Ring Road'], ['Rajouri Garden Metro Station', 'Pacific Mall'], 'West Delhi'),
      loc('Dwarka Sector 21', '110077', 28.5523, 77.0583, 'commuter', ['Dwarka Link Road', 'Sector 21 Road'], ['Dwarka Sector 21 Metro Station', 'Vegas Mall'], 'South West Delhi'),
      loc('ITO', '110002', 28.628, 77.241, 'commuter', ['Vikas Marg', 'Bahadur Shah Zafar Marg', 'Ring Road'], ['ITO Metro Station', 'Bharat Mandapam'], 'Central Delhi'),
    ],
  },
  {
    slug: 'gurugram', name: 'Gurugram', state: 'Haryana', stateCode: 'HR', code: 'GGN', district: 'Gurugram',
    tier: 1, weight: 6, landmarks: ['towers'], bus: 'GMCBL', metro: ['Rapid Metro Gurugram', 'Delhi Metro Yellow Line'],
    malls: [['Ambience Mall', 'Cyber City'], ['MGF Metropolitan Mall', 'MG Road']],
    localities: [
      loc('Cyber City', '122002', 28.495, 77.0895, 'tech', ['NH-48', 'Cyber City Road'], ['DLF CyberHub', 'Cyber City Rapid Metro Station']),
      loc('MG Road', '122002', 28.4795, 77.08, 'shopping', ['Mehrauli-Gurgaon Road', 'MG Road'], ['MGF Metropolitan Mall', 'MG Road Metro Station']),
      loc('Golf Course Road', '122011', 28.4437, 77.1027, 'business', ['Golf Course Road', 'Sector 54 Road'], ['Sector 55-56 Rapid Metro Station', 'DLF Golf Links']),
      loc('Sohna Road', '122018', 28.4207, 77.0426, 'residential', ['Sohna Road', 'Subhash Chowk'], ['Omaxe Celebration Mall', 'Vatika Chowk']),
      loc('Udyog Vihar', '122016', 28.5033, 77.083, 'business', ['Old Delhi-Gurgaon Road', 'Udyog Vihar Phase 4 Road'], ['Udyog Vihar Metro', 'Sarhaul Toll']),
    ],
  },
  {
    slug: 'noida', name: 'Noida', state: 'Uttar Pradesh', stateCode: 'UP', code: 'NOI', district: 'Gautam Buddha Nagar',
    tier: 1, weight: 5, landmarks: ['towers'], bus: 'UPSRTC City', metro: ['Aqua Line (NMRC)', 'Delhi Metro Blue Line'],
    malls: [['DLF Mall of India', 'Sector 18'], ['The Great India Place', 'Sector 38A']],
    localities: [
      loc('Sector 18', '201301', 28.57, 77.3219, 'shopping', ['Atta Market Road', 'DND Flyway'], ['DLF Mall of India', 'Noida Sector 18 Metro Station']),
      loc('Sector 62', '201309', 28.628, 77.3649, 'tech', ['NH-9', 'Noida Sector 62 Road'], ['Sector 62 Metro Station', 'Fortis Hospital']),
      loc('Sector 38A', '201301', 28.564, 77.3342, 'shopping', ['Noida-Greater Noida Expressway', 'Sector 38 Road'], ['Botanical Garden Metro Station', 'The Great India Place']),
      loc('Sector 128', '201304', 28.5286, 77.358, 'residential', ['Noida-Greater Noida Expressway', 'Sector 128 Road'], ['Jaypee Wish Town', 'Sector 137 Metro Station']),
    ],
  },
  {
    slug: 'lucknow', name: 'Lucknow', state: 'Uttar Pradesh', stateCode: 'UP', code: 'LKO', district: 'Lucknow',
    tier: 2, weight: 5, landmarks: ['gateway', 'dome'], bus: 'UPSRTC City', metro: ['Lucknow Metro Red Line'],
    malls: [['Phoenix Palassio', 'Gomti Nagar'], ['Fun Republic Mall', 'Gomti Nagar']],
    localities: [
      loc('Hazratganj', '226001', 26.85, 80.9462, 'shopping', ['Mahatma Gandhi Marg', 'Ashok Marg'], ['Hazratganj Crossing', 'GPO Lucknow']),
      loc('Gomti Nagar', '226010', 26.856, 81.004, 'residential', ['Vibhuti Khand Road', 'Shaheed Path'], ['Ambedkar Memorial Park', 'Phoenix Palassio']),
      loc('Aliganj', '226024', 26.8915, 80.9412, 'residential', ['Kapoorthala Road', 'Aliganj Main Road'], ['Kapoorthala Chauraha', 'Aliganj Hanuman Mandir']),
      loc('Charbagh', '226004', 26.8316, 80.9217, 'commuter', ['Station Road', 'Kanpur Road'], ['Charbagh Railway Station', 'Charbagh Metro Station']),
      loc('Indira Nagar', '226016', 26.886, 80.9985, 'residential', ['Faizabad Road', 'Indira Nagar Main Road'], ['Munshipulia Metro Station', 'Bhootnath Market']),
    ],
  },
  {
    slug: 'bengaluru', name: 'Bengaluru', state: 'Karnataka', stateCode: 'KA', code: 'BLR', district: 'Bengaluru Urban',
    tier: 1, weight: 11, landmarks: ['dome', 'towers'], bus: 'BMTC', metro: ['Namma Metro Purple Line', 'Namma Metro Green Line'],
    malls: [['Phoenix Marketcity', 'Whitefield'], ['Nexus Koramangala', 'Koramangala'], ['UB City', 'MG Road']],
    localities: [
      loc('MG Road', '560001', 12.9756, 77.6066, 'business', ['Mahatma Gandhi Road', 'Brigade Road', 'Residency Road'], ['Trinity Metro Station', 'UB City']),
      loc('Koramangala', '560034', 12.9352, 77.6245, 'leisure', ['80 Feet Road', 'Sarjapur Road', 'Hosur Road'], ['Nexus Koramangala', 'Sony World Signal']),
      loc('Indiranagar', '560038', 12.9784, 77.6408, 'leisure', ['100 Feet Road', 'CMH Road', 'Old Airport Road'], ['Indiranagar Metro Station', 'Doopanahalli Arch']),
      loc('Whitefield', '560066', 12.9698, 77.75, 'tech', ['ITPL Main Road', 'Whitefield Main Road'], ['Phoenix Marketcity', 'ITPB']),
      loc('Electronic City', '560100', 12.8452, 77.6602, 'tech', ['Hosur Road', 'Electronic City Elevated Expressway'], ['Electronic City Toll Plaza', 'Infosys Campus']),
      loc('Hebbal', '560024', 13.0354, 77.597, 'commuter', ['Bellary Road', 'Outer Ring Road'], ['Hebbal Flyover', 'Manyata Tech Park']),
      loc('Jayanagar', '560041', 12.9308, 77.5838, 'residential', ['11th Main Road', 'South End Road'], ['Jayanagar 4th Block Complex', 'South End Circle']),
      loc('Marathahalli', '560037', 12.9591, 77.6974, 'commuter', ['Outer Ring Road', 'Old Airport Road'], ['Marathahalli Bridge', 'Innovative Multiplex']),
    ],
  },
  {
    slug: 'chennai', name: 'Chennai', state: 'Tamil Nadu', stateCode: 'TN', code: 'CHE', district: 'Chennai',
    tier: 1, weight: 9, landmarks: ['gopuram', 'dome'], bus: 'MTC', metro: ['Chennai Metro Blue Line', 'Chennai Metro Green Line'],
    malls: [['Phoenix Marketcity', 'Velachery'], ['Express Avenue', 'Royapettah'], ['VR Chennai', 'Anna Nagar']],
    localities: [
      loc('T Nagar', '600017', 13.0418, 80.2341, 'shopping', ['Usman Road', 'Thyagaraya Road', 'G N Chetty Road'], ['Ranganathan Street', 'Panagal Park']),
      loc('Royapettah', '600014', 13.0569, 80.2641, 'shopping', ['Anna Salai', 'Whites Road'], ['Express Avenue', 'Royapettah Clock Tower']),
      loc('Nungambakkam', '600034', 13.0604, 80.242, 'business', ['Nungambakkam High Road', 'Sterling Road'], ['Valluvar Kottam', 'Loyola College']),
      loc('Adyar', '600020', 13.0012, 80.2565, 'residential', ['Lattice Bridge Road', 'Sardar Patel Road'], ['Adyar Depot', 'Theosophical Society']),
      loc('Velachery', '600042', 12.9791, 80.2209, 'shopping', ['Velachery Main Road', '100 Feet Road'], ['Phoenix Marketcity', 'Velachery MRTS Station']),
      loc('Guindy', '600032', 13.0067, 80.2206, 'commuter', ['GST Road', 'Inner Ring Road'], ['Kathipara Junction', 'Guindy Metro Station']),
      loc('Thoraipakkam', '600097', 12.94, 80.233, 'tech', ['Rajiv Gandhi Salai (OMR)', 'Thoraipakkam-Pallavaram Radial Road'], ['Thoraipakkam Junction', 'Tidel Park']),
      loc('Anna Nagar', '600040', 13.085, 80.2101, 'residential', ['2nd Avenue', 'Anna Nagar Main Road'], ['Anna Nagar Tower Park', 'VR Chennai']),
      loc('Koyambedu', '600107', 13.0694, 80.1948, 'commuter', ['Jawaharlal Nehru Salai', 'Poonamallee High Road'], ['CMBT Bus Terminus', 'Koyambedu Market']),
    ],
  },
  {
    slug: 'coimbatore', name: 'Coimbatore', state: 'Tamil Nadu', stateCode: 'TN', code: 'CBE', district: 'Coimbatore',
    tier: 2, weight: 4, landmarks: ['hills', 'gopuram'], bus: 'TNSTC', metro: [],
    malls: [['Brookefields Mall', 'RS Puram'], ['Prozone Mall', 'Saibaba Colony']],
    localities: [
      loc('Gandhipuram', '641012', 11.0176, 76.9674, 'commuter', ['Cross Cut Road', '100 Feet Road'], ['Gandhipuram Central Bus Stand', 'Gandhipuram Flyover']),
      loc('RS Puram', '641002', 11.0089, 76.9505, 'shopping', ['DB Road', 'TV Samy Road'], ['Brookefields Mall', 'RS Puram Market']),
      loc('Peelamedu', '641004', 11.0268, 77.0023, 'business', ['Avinashi Road', 'Peelamedu Main Road'], ['PSG College of Technology', 'Fun Republic Mall']),
      loc('Race Course', '641018', 11.0008, 76.9774, 'leisure', ['Race Course Road', 'Trichy Road'], ['Race Course Walking Track', 'Government Arts College']),
      loc('Saibaba Colony', '641011', 11.0247, 76.9406, 'residential', ['Mettupalayam Road', 'NSR Road'], ['Prozone Mall', 'Saibaba Temple']),
    ],
  },
  {
    slug: 'hyderabad', name: 'Hyderabad', state: 'Telangana', stateCode: 'TG', code: 'HYD', district: 'Hyderabad',
    tier: 1, weight: 9, landmarks: ['charminar', 'towers'], bus: 'TGSRTC', metro: ['Hyderabad Metro Red Line', 'Hyderabad Metro Blue Line'],
    malls: [['Inorbit Mall', 'HITEC City'], ['GVK One', 'Banjara Hills'], ['Sarath City Capital Mall', 'Gachibowli']],
    localities: [
      loc('HITEC City', '500081', 17.4474, 78.3762, 'tech', ['Hitech City Main Road', 'Cyber Towers Road'], ['Cyber Towers', 'Inorbit Mall'], 'Rangareddy'),
      loc('Banjara Hills', '500034', 17.4156, 78.4347, 'shopping', ['Road No. 1 Banjara Hills', 'Road No. 12 Banjara Hills'], ['GVK One', 'City Center Mall']),
      loc('Jubilee Hills', '500033', 17.4326, 78.4071, 'leisure', ['Jubilee Hills Road No. 36', 'Film Nagar Road'], ['Jubilee Hills Check Post', 'Peddamma Temple']),
      loc('Gachibowli', '500032', 17.4401, 78.3489, 'tech', ['Old Mumbai Highway', 'Outer Ring Road'], ['Gachibowli Stadium', 'Sarath City Capital Mall'], 'Rangareddy'),
      loc('Ameerpet', '500016', 17.4375, 78.4482, 'commuter', ['Ameerpet Main Road', 'Begumpet Road'], ['Ameerpet Metro Interchange', 'Mythrivanam']),
      loc('Secunderabad', '500003', 17.4399, 78.4983, 'commuter', ['Sarojini Devi Road', 'Rashtrapati Road'], ['Secunderabad Railway Station', 'Paradise Circle']),
      loc('Kukatpally', '500072', 17.4849, 78.4138, 'residential', ['NH-65', 'KPHB Main Road'], ['JNTU Metro Station', 'Lulu Mall Hyderabad'], 'Medchal-Malkajgiri'),
      loc('Charminar', '500002', 17.3616, 78.4747, 'heritage', ['Pathergatti Road', 'Laad Bazaar'], ['Charminar', 'Mecca Masjid']),
    ],
  },
  {
    slug: 'kolkata', name: 'Kolkata', state: 'West Bengal', stateCode: 'WB', code: 'KOL', district: 'Kolkata',
    tier: 1, weight: 8, landmarks: ['cantilever', 'dome'], bus: 'WBTC', metro: ['Kolkata Metro Blue Line', 'Kolkata Metro Green Line'],
    malls: [['Quest Mall', 'Ballygunge'], ['Acropolis Mall', 'Kasba'], ['Forum Mall', 'Bhowanipore']],
    localities: [
      loc('Park Street', '700016', 22.553, 88.352, 'leisure', ['Mother Teresa Sarani', 'Jawaharlal Nehru Road'], ['Park Street Metro Station', 'Victoria Memorial']),
      loc('Esplanade', '700069', 22.5646, 88.3511, 'commuter', ['Jawaharlal Nehru Road', 'Lenin Sarani'], ['Dharmatala Bus Terminus', 'Shaheed Minar']),
      loc('Salt Lake Sector V', '700091', 22.5726, 88.4339, 'tech', ['Salt Lake Bypass', 'College More Road'], ['Sector V Metro Station', 'Wipro More'], 'North 24 Parganas'),
      loc('New Town', '700156', 22.5806, 88.477, 'residential', ['Major Arterial Road', 'Biswa Bangla Sarani'], ['Biswa Bangla Gate', 'Eco Park'], 'North 24 Parganas'),
      loc('Gariahat', '700019', 22.5185, 88.366, 'shopping', ['Gariahat Road', 'Rashbehari Avenue'], ['Gariahat Market', 'Gariahat Crossing']),
      loc('Ballygunge', '700019', 22.5265, 88.3653, 'shopping', ['Syed Amir Ali Avenue', 'Ballygunge Circular Road'], ['Quest Mall', 'Ballygunge Phari']),
      loc('Kasba', '700107', 22.5135, 88.4019, 'residential', ['Eastern Metropolitan Bypass', 'Rajdanga Main Road'], ['Ruby Crossing', 'Acropolis Mall']),
      loc('Bhowanipore', '700020', 22.539, 88.3505, 'shopping', ['Elgin Road', 'Ashutosh Mukherjee Road'], ['Forum Mall', 'Netaji Bhawan Metro Station']),
      loc('Shyambazar', '700004', 22.6, 88.3731, 'commuter', ['Bidhan Sarani', 'Barrackpore Trunk Road'], ['Shyambazar Five-Point Crossing', 'Shyambazar Metro Station']),
    ],
  },
  {
    slug: 'ahmedabad', name: 'Ahmedabad', state: 'Gujarat', stateCode: 'GJ', code: 'AMD', district: 'Ahmedabad',
    tier: 1, weight: 6, landmarks: ['minarets', 'towers'], bus: 'AMTS', metro: ['Ahmedabad Metro Blue Line', 'Ahmedabad Metro Red Line'],
    malls: [['Ahmedabad One', 'Vastrapur'], ['Palladium Ahmedabad', 'Bodakdev']],
    localities: [
      loc('Navrangpura', '380009', 23.029, 72.558, 'shopping', ['C G Road', 'Ashram Road'], ['Municipal Market', 'Swastik Cross Roads']),
      loc('Bodakdev', '380054', 23.0395, 72.5066, 'business', ['Sarkhej-Gandhinagar Highway', 'Judges Bungalow Road'], ['Iskcon Cross Roads', 'Palladium Ahmedabad']),
      loc('Ashram Road', '380014', 23.0446, 72.5713, 'business', ['Ashram Road', 'Sabarmati Riverfront Road'], ['Income Tax Circle', 'Sabarmati Riverfront']),
      loc('Prahlad Nagar', '380015', 23.012, 72.5108, 'business', ['100 Feet Road', 'Corporate Road'], ['Prahlad Nagar Garden', 'Auda Garden']),
      loc('Vastrapur', '380015', 23.0395, 72.529, 'leisure', ['Vastrapur Lake Road', 'IIM Road'], ['Vastrapur Lake', 'Ahmedabad One']),
      loc('Maninagar', '380008', 22.9962, 72.6032, 'residential', ['Maninagar Station Road', 'Kankaria Road'], ['Kankaria Lake', 'Maninagar Railway Station']),
    ],
  },
  {
    slug: 'surat', name: 'Surat', state: 'Gujarat', stateCode: 'GJ', code: 'SUR', district: 'Surat',
    tier: 2, weight: 4, landmarks: ['towers', 'hills'], bus: 'Sitilink BRTS', metro: [],
    malls: [['VR Surat', 'Vesu'], ['Rahul Raj Mall', 'Athwa']],
    localities: [
      loc('Athwa', '395007', 21.1775, 72.803, 'shopping', ['Ghod Dod Road', 'Athwa Gate Road'], ['Parle Point', 'Rahul Raj Mall']),
      loc('Ring Road', '395002', 21.195, 72.835, 'business', ['Ring Road', 'Udhna Darwaja Road'], ['Surat Textile Market', 'Udhna Darwaja']),
      loc('Vesu', '395007', 21.1418, 72.7709, 'residential', ['VIP Road', 'Vesu Main Road'], ['VR Surat', 'Vesu Canal Road Junction']),
      loc('Adajan', '395009', 21.1959, 72.7933, 'residential', ['Adajan Patiya Road', 'Honey Park Road'], ['Adajan Gam', 'Star Bazaar Adajan']),
      loc('Varachha', '395006', 21.211, 72.865, 'business', ['Varachha Road', 'Hirabaug Road'], ['Hira Bazaar', 'Hirabaug Circle']),
    ],
  },
  {
    slug: 'jaipur', name: 'Jaipur', state: 'Rajasthan', stateCode: 'RJ', code: 'JAI', district: 'Jaipur',
    tier: 2, weight: 5, landmarks: ['hawa-mahal', 'fort'], bus: 'JCTSL', metro: ['Jaipur Metro Pink Line'],
    malls: [['World Trade Park', 'Malviya Nagar'], ['Gaurav Tower', 'Malviya Nagar']],
    localities: [
      loc('MI Road', '302001', 26.916, 75.81, 'shopping', ['Mirza Ismail Road', 'Station Road'], ['Raj Mandir Cinema', 'Panch Batti']),
      loc('C-Scheme', '302001', 26.9063, 75.8037, 'business', ['Ashok Marg', 'Sardar Patel Marg', 'Prithviraj Road'], ['Statue Circle', 'Central Park']),
      loc('Malviya Nagar', '302017', 26.8549, 75.8243, 'shopping', ['Jawaharlal Nehru Marg', 'Malviya Nagar Main Road'], ['World Trade Park', 'Gaurav Tower']),
      loc('Vaishali Nagar', '302021', 26.911, 75.743, 'residential', ['Queens Road', 'Amrapali Marg'], ['Amrapali Circle', 'Vaishali Nagar Market']),
      loc('Johari Bazaar', '302003', 26.9239, 75.8267, 'heritage', ['Johari Bazaar Road', 'Badi Chaupar'], ['Hawa Mahal', 'Badi Chaupar Metro Station']),
    ],
  },
  {
    slug: 'kochi', name: 'Kochi', state: 'Kerala', stateCode: 'KL', code: 'KOC', district: 'Ernakulam',
    tier: 2, weight: 4, landmarks: ['fishing-nets', 'church'], bus: 'KSRTC', metro: ['Kochi Metro'],
    malls: [['Lulu Mall', 'Edappally'], ['Centre Square Mall', 'MG Road']],
    localities: [
      loc('MG Road', '682016', 9.97, 76.285, 'shopping', ['Mahatma Gandhi Road', 'Shanmugham Road'], ['Marine Drive Kochi', 'MG Road Metro Station']),
      loc('Edappally', '682024', 10.0261, 76.3081, 'shopping', ['NH-66', 'Edappally-Aluva Road'], ['Lulu Mall', 'Edappally Church']),
      loc('Kakkanad', '682030', 10.0159, 76.3419, 'tech', ['Seaport-Airport Road', 'Infopark Road'], ['Infopark', 'Civil Station Kakkanad']),
      loc('Vyttila', '682019', 9.9676, 76.3189, 'commuter', ['NH-66 Bypass', 'Sahodaran Ayyappan Road'], ['Vyttila Mobility Hub', 'Vyttila Junction']),
      loc('Kaloor', '682017', 9.9977, 76.299, 'leisure', ['Banerji Road', 'Kaloor-Kadavanthra Road'], ['Jawaharlal Nehru Stadium', 'Kaloor Metro Station']),
      loc('Fort Kochi', '682001', 9.9658, 76.2421, 'heritage', ['Princess Street', 'K B Jacob Road'], ['Chinese Fishing Nets', 'St Francis Church']),
    ],
  },
  {
    slug: 'indore', name: 'Indore', state: 'Madhya Pradesh', stateCode: 'MP', code: 'IDR', district: 'Indore',
    tier: 2, weight: 4, landmarks: ['fort', 'dome'], bus: 'AiCTSL', metro: [],
    malls: [['C21 Mall', 'Vijay Nagar'], ['Treasure Island Mall', 'MG Road']],
    localities: [
      loc('Vijay Nagar', '452010', 22.7533, 75.8937, 'business', ['AB Road', 'Scheme 54 Road'], ['Vijay Nagar Square', 'C21 Mall']),
      loc('Palasia', '452001', 22.7244, 75.8839, 'shopping', ['AB Road', 'Old Palasia Road'], ['Geeta Bhawan Square', 'Palasia Square']),
      loc('Rajwada', '452002', 22.7186, 75.8553, 'heritage', ['Jawahar Marg', 'MG Road'], ['Rajwada Palace', 'Sarafa Bazaar']),
      loc('MG Road', '452001', 22.7196, 75.8715, 'shopping', ['Mahatma Gandhi Road', 'Regal Square Road'], ['Treasure Island Mall', 'Regal Square']),
      loc('Annapurna', '452009', 22.6926, 75.8348, 'residential', ['Annapurna Road', 'Usha Nagar Main Road'], ['Annapurna Temple', 'Annapurna Square']),
    ],
  },
  {
    slug: 'panaji', name: 'Panaji', state: 'Goa', stateCode: 'GA', code: 'PNJ', district: 'North Goa',
    tier: 2, weight: 3, landmarks: ['church', 'hills'], bus: 'Kadamba', metro: [],
    malls: [['Mall De Goa', 'Porvorim'], ['Caculo Mall', 'Panaji']],
    localities: [
      loc('Panaji', '403001', 15.4989, 73.8278, 'heritage', ['Dayanand Bandodkar Marg', '18th June Road'], ['Church of Our Lady of the Immaculate Conception', 'Kadamba Bus Stand']),
      loc('Miramar', '403001', 15.4828, 73.8075, 'leisure', ['Miramar Beach Road', 'Dayanand Bandodkar Marg'], ['Miramar Beach', 'Miramar Circle']),
      loc('Dona Paula', '403004', 15.4565, 73.8047, 'leisure', ['Dona Paula Road', 'Raj Bhavan Road'], ['Dona Paula Jetty', 'National Institute of Oceanography']),
      loc('Patto', '403001', 15.4915, 73.8415, 'business', ['Patto Plaza Road', 'NH-66'], ['Patto Bridge', 'EDC Complex']),
      loc('Porvorim', '403521', 15.537, 73.822, 'residential', ['NH-66', 'Porvorim Main Road'], ['Mall De Goa', 'Goa Legislative Assembly']),
    ],
  },
];

export const CITY_BY_SLUG: ReadonlyMap<string, City> = new Map(CITIES.map((c) => [c.slug, c]));
