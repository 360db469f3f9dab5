/**
 * Generated rows mention these words, so a keyword matches a known share of a table: the bench's
 * rows one word each (ROWS / 64 = 312 matches), seed:scale's titles two each.
 */
export const WORDS = [
  'lighthouse', 'saxophone', 'quarry', 'tundra', 'marigold', 'obsidian', 'pelican', 'juniper',
  'zeppelin', 'fjord', 'walrus', 'cobalt', 'meadow', 'trombone', 'sapphire', 'gazebo',
  'harpoon', 'iceberg', 'kayak', 'lantern', 'mongoose', 'nebula', 'orchid', 'paprika',
  'quiver', 'raccoon', 'sequoia', 'tapestry', 'umbrella', 'volcano', 'whistle', 'xylophone',
  'yodel', 'zucchini', 'anchovy', 'bagpipe', 'cactus', 'dolphin', 'emerald', 'flamingo',
  'glacier', 'hammock', 'igloo', 'jasmine', 'kettle', 'lobster', 'mosaic', 'nutmeg',
  'octopus', 'parsnip', 'quokka', 'rhubarb', 'scarecrow', 'thimble', 'unicorn', 'velvet',
  'waffle', 'yak', 'zeppole', 'almanac', 'buffalo', 'caravan', 'dynamo', 'eclipse',
];
