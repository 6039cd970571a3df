import react from '@vitejs/plugin-react';
import { mergeConfig } from 'vite';
import { baseConfig } from '../vite.config.base.ts';

export default mergeConfig(baseConfig(Number(process.env.STORE_PORT ?? 5174)), { plugins: [react()] });
