"use client";
/** The form being edited, for editors that talk to its endpoints (picture-choice uploads its images as assets). */
import { createContext, useContext } from "react";

export const BuilderFormContext = createContext<{ formId: string | null }>({ formId: null });
export const useBuilderForm = () => useContext(BuilderFormContext);
